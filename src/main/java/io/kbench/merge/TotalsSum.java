package io.kbench.merge;

import io.kbench.result.run.Totals;
import io.kbench.unit.Units;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Adds up the totals of runs that measured at the same time: records, bytes, errors (by type) and warm-up records
 * are summed; the window runs from the earliest start to the latest end, and the rates are the sums over that window.
 */
final class TotalsSum {
    private TotalsSum() {
    }

    /** The sum of the non-null {@code totals}; null when all are null (no input consumed, say). */
    static Totals of(List<Totals> totals) {
        List<Totals> present = totals.stream().filter(Objects::nonNull).toList();
        if (present.isEmpty()) {
            return null;
        }
        long records = 0;
        long bytes = 0;
        long errors = 0;
        long warmup = 0;
        Map<String, Long> errorTypes = new TreeMap<>();
        Instant start = null;
        Instant end = null;
        for (Totals t : present) {
            records += t.records();
            bytes += t.bytes();
            errors += t.errors();
            warmup += t.warmupRecords();
            if (t.errorTypes() != null) {
                t.errorTypes().forEach((type, n) -> errorTypes.merge(type, n, Long::sum));
            }
            if (t.windowStart() != null) {
                start = start == null || t.windowStart().isBefore(start) ? t.windowStart() : start;
                end = end == null || t.windowEnd().isAfter(end) ? t.windowEnd() : end;
            }
        }
        long windowNanos = start == null ? 0 : Duration.between(start, end).toNanos();
        return new Totals(records, bytes, Units.perSecond(records, windowNanos),
                Units.perSecond(Units.mib(bytes), windowNanos), Units.seconds(windowNanos), errors, errorTypes, warmup,
                start, end);
    }
}
