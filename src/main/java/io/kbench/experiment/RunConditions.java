package io.kbench.experiment;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.List;

/** What one completed repetition measured about the conditions a sweep's findings may need (docs/sweeps.md). */
final class RunConditions {
    private RunConditions() {
    }

    /** The figures of {@code run}, a completed repetition of a topic with {@code replicationFactor} replicas. */
    static PointConditions.Run of(RunResult run, int replicationFactor) {
        Double written = run.summary() == null || run.summary().produced() == null ? null
                : (double) run.summary().produced().bytes() * replicationFactor;
        return new PointConditions.Run(mostThrottled(run), written, run.steadyState().orElse(null));
    }

    /** The most throttled broker's mean share of throttled CPU quota periods over the measured intervals. */
    private static Double mostThrottled(RunResult run) {
        if (run.telemetry() == null || run.intervals() == null) {
            return null;
        }
        List<IntervalPoint> intervals = run.intervals();
        Double most = null;
        for (TelemetrySeries s : run.telemetry().series()) {
            if (s.metric() != TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT) {
                continue;
            }
            double sum = 0;
            int n = 0;
            for (int i = 0; i < Math.min(intervals.size(), s.values().size()); i++) {
                Double v = s.values().get(i);
                // A gap (not sampled) is never a zero.
                if (intervals.get(i).phase() == IntervalPhase.MEASURED && v != null && Double.isFinite(v)) {
                    sum += v;
                    n++;
                }
            }
            if (n > 0) {
                most = most == null ? sum / n : Math.max(most, sum / n);
            }
        }
        return most;
    }
}
