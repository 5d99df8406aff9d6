package io.kbench.merge;

import io.kbench.result.IntervalPoint;
import io.kbench.result.LatencyStats;
import io.kbench.result.Summary;
import java.util.function.Function;

/** The three interval logs every run writes next to its result.json, and the summary figure each one adds up to. */
enum LatencyLog {
    PUBLISH("publish-latency.hlog", "publish", Summary::publishLatencyMicros, IntervalPoint::publishLatencyMicros),
    END_TO_END("end-to-end-latency.hlog", "end-to-end", Summary::endToEndLatencyMicros,
            IntervalPoint::endToEndLatencyMicros),
    SEND_DELAY("send-delay.hlog", "send-delay", Summary::sendDelayMicros, IntervalPoint::sendDelayMicros);

    private final String fileName;
    private final String label;
    private final Function<Summary, LatencyStats> ofSummary;
    private final Function<IntervalPoint, LatencyStats> ofInterval;

    LatencyLog(String fileName, String label, Function<Summary, LatencyStats> ofSummary,
               Function<IntervalPoint, LatencyStats> ofInterval) {
        this.fileName = fileName;
        this.label = label;
        this.ofSummary = ofSummary;
        this.ofInterval = ofInterval;
    }

    String fileName() {
        return fileName;
    }

    String label() {
        return label;
    }

    /** The summary's figure for this log; null when the run did not measure it (no live consumers, unlimited rate). */
    LatencyStats of(Summary summary) {
        return ofSummary.apply(summary);
    }

    LatencyStats of(IntervalPoint point) {
        return ofInterval.apply(point);
    }
}
