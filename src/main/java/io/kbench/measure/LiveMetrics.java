package io.kbench.measure;

import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.Map;
import java.util.function.Supplier;
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

    /**
     * A producer of the run is about to close, its records sent: {@code metrics} gives its client's own metrics, named
     * {@code group:name:tags} as the stock perf tools' --print-metrics names them. Called once per producer, on its
     * thread; the supplier is called only by a listener that prints them (kbench produce --print-metrics).
     */
    default void producerClosing(Supplier<Map<String, Object>> metrics) {
    }

    /** The same for a consumer of the run (kbench consume --print-metrics). */
    default void consumerClosing(Supplier<Map<String, Object>> metrics) {
    }

    /** A telemetry sample: the latest value of {@code metric} from {@code source} (e.g. broker-1, host, client). */
    default void sampled(TelemetryMetric metric, String source, double value) {
    }
}
