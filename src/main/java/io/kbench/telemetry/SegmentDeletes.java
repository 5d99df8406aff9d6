package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryEventType;
import java.util.Locale;
import java.util.Map;

/**
 * Segment deletions of the workload topic seen between two readings, as {@code segment_delete} events: retention (or
 * DeleteRecords) moving a partition's log start offset, and, on a tiered topic, local retention dropping local segments
 * whose records stay readable from remote storage (the segment count falls, the log start offset does not move).
 */
final class SegmentDeletes {
    private SegmentDeletes() {
    }

    /** One event per partition whose log start moved or whose local segments were deleted; none on the first reading. */
    static void events(Map<String, Double> startsBefore, Map<String, Double> startsNow, Map<String, Double> segmentsBefore,
                       Map<String, Double> segmentsNow, Sample out) {
        if (startsBefore == null || segmentsBefore == null) {
            return;
        }
        for (Map.Entry<String, Double> e : startsNow.entrySet()) {
            Double was = startsBefore.get(e.getKey());
            if (was != null && e.getValue() > was) {
                out.event(TelemetryEventType.SEGMENT_DELETE, String.format(Locale.ROOT,
                        "%s: log start offset %,.0f -> %,.0f (%,.0f records deleted)", e.getKey(), was, e.getValue(),
                        e.getValue() - was));
            } else if (was != null && e.getValue().equals(was)) {
                Double segmentsWere = segmentsBefore.get(e.getKey());
                Double segments = segmentsNow.get(e.getKey());
                if (segmentsWere != null && segments != null && segments < segmentsWere) {
                    out.event(TelemetryEventType.SEGMENT_DELETE, String.format(Locale.ROOT,
                            "%s: %.0f local segment(s) deleted, log start offset unchanged (a tiered topic keeps them in remote storage)",
                            e.getKey(), segmentsWere - segments));
                }
            }
        }
    }
}
