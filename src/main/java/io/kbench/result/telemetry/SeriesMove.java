package io.kbench.result.telemetry;

/**
 * A series that moved with latency: its correlation with the interval p99 passed the stated effect size and
 * significance with any one interval left out (docs/diagnosis.md, "The p99 spikes").
 *
 * @param metric      the series
 * @param source      its source
 * @param correlation Pearson correlation with end-to-end (else publish) p99 over the measured intervals where both were
 *                    sampled, -1..1
 * @param points      how many intervals it was computed over; null in results written before 2026-11-30
 * @param leaveOneOut the correlation nearest 0 with any one of those intervals left out, the figure judged; null in
 *                    older results
 * @param p           the two-sided p-value of {@code leaveOneOut} (Student's t on points - 3 degrees of freedom); null in
 *                    older results
 */
public record SeriesMove(TelemetryMetric metric, String source, double correlation, Integer points, Double leaveOneOut,
                         Double p) {
}
