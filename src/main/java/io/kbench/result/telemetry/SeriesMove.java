package io.kbench.result.telemetry;

/**
 * A series that moved with latency.
 *
 * @param metric      the series
 * @param source      its source
 * @param correlation Pearson correlation with end-to-end (else publish) p99 over the measured intervals, -1..1
 */
public record SeriesMove(TelemetryMetric metric, String source, double correlation) {
}
