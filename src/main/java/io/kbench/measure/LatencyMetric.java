package io.kbench.measure;

import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import java.util.List;
import java.util.function.Function;

/**
 * The three latencies every run measures, each with its interval log next to result.json and its figure in the summary
 * and in each interval. The one place that names them: recording, merge, distributed merge and report all go through it.
 */
public enum LatencyMetric {
    /** Send (at a fixed rate: intended send time) to the broker's acknowledgement. */
    PUBLISH("publish", "publish-latency", "publish", Summary::publishLatencyMicros, IntervalPoint::publishLatencyMicros),
    /** Send (at a fixed rate: intended send time) to receipt by a live consumer. */
    END_TO_END("end-to-end", "end-to-end-latency", "end-to-end", Summary::endToEndLatencyMicros,
            IntervalPoint::endToEndLatencyMicros),
    /** Intended send time to actual send at a fixed rate: how far the producers fell behind their schedule. */
    SEND_DELAY("send-delay", "send-delay", "send delay", Summary::sendDelayMicros, IntervalPoint::sendDelayMicros);

    /** The metrics a reader looks at first (headline figures, charts over time); send delay is a diagnostic. */
    public static final List<LatencyMetric> HEADLINE = List.of(PUBLISH, END_TO_END);

    private final String key;
    private final String logStem;
    private final String label;
    private final Function<Summary, LatencyStats> ofSummary;
    private final Function<IntervalPoint, LatencyStats> ofInterval;

    LatencyMetric(String key, String logStem, String label, Function<Summary, LatencyStats> ofSummary,
                  Function<IntervalPoint, LatencyStats> ofInterval) {
        this.key = key;
        this.logStem = logStem;
        this.label = label;
        this.ofSummary = ofSummary;
        this.ofInterval = ofInterval;
    }

    /** The name in the interval log's header and in messages: publish, end-to-end, send-delay. */
    public String key() {
        return key;
    }

    /** The interval log's file name in a result directory, e.g. {@code publish-latency.hlog}. */
    public String fileName() {
        return logStem + ".hlog";
    }

    /** The file name without {@code .hlog}, as a merged log's header names it. */
    String logStem() {
        return logStem;
    }

    /** The name shown to readers: publish, end-to-end, send delay. */
    public String label() {
        return label;
    }

    /** The summary's figure for this metric; null when the run did not measure it (no live consumers, unlimited rate). */
    public LatencyStats of(Summary summary) {
        return ofSummary.apply(summary);
    }

    /** The interval's figure for this metric; null in results that did not measure it. */
    public LatencyStats of(IntervalPoint point) {
        return ofInterval.apply(point);
    }
}
