package io.kbench.measure;

import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.TelemetryMetric;
import org.HdrHistogram.Histogram;

/**
 * Told what a run measures while it runs (--metrics-port serves it). Called once per report interval and once per
 * telemetry sample, never per record, so the hot paths are untouched. Implementations must not block and must be
 * safe to call from the reporter's and the samplers' threads.
 */
public interface LiveMetrics {
    /** Nothing is served. */
    LiveMetrics NONE = new LiveMetrics() {
    };

    /** An interval closed: its figures and what was counted in it. */
    default void interval(IntervalPoint point, IntervalCounts counts) {
    }

    /**
     * Publish latencies of measured records from the send() call (kafka-producer-perf-test's measure), microseconds,
     * of the producers that finished in the interval (so all of them by the last interval); valid only during the
     * call (the histogram is recycled).
     */
    default void publishFromSendCall(Histogram interval) {
    }

    /** A telemetry sample: the latest value of {@code metric} from {@code source} (e.g. broker-1, host, client). */
    default void sampled(TelemetryMetric metric, String source, double value) {
    }
}
