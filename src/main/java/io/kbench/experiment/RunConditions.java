package io.kbench.experiment;

import io.kbench.result.run.MeasuredMeans;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.PointConditions;
import io.kbench.result.telemetry.Diagnosis;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.TelemetryMetric;

/** What one completed repetition measured about the conditions a sweep's findings may need (docs/sweeps.md). */
final class RunConditions {
    private RunConditions() {
    }

    /** The figures of {@code run}, a completed repetition of a topic with {@code replicationFactor} replicas. */
    static PointConditions.Run of(RunResult run, int replicationFactor) {
        Double written = run.summary() == null || run.summary().produced() == null ? null
                : (double) run.summary().produced().bytes() * replicationFactor;
        return new PointConditions.Run(mostThrottled(run), written, run.steadyState().orElse(null), busiestDisk(run),
                loadGenerator(run));
    }

    /**
     * What the run's diagnosis said of the load generator's CPU: the limit, or (a fixed-rate run that kept to its rate,
     * whose diagnosis names only the busiest resource) the busiest. Null when the run was not diagnosed.
     */
    private static PointConditions.LoadGeneratorShare loadGenerator(RunResult run) {
        Diagnosis d = run.telemetry() == null ? null : run.telemetry().diagnosis();
        if (d == null) {
            return null;
        }
        if (d.limitedBy() != LimitingResource.LOAD_GENERATOR_CPU) {
            return PointConditions.LoadGeneratorShare.OTHER;
        }
        return Boolean.TRUE.equals(d.metSchedule()) ? PointConditions.LoadGeneratorShare.BUSIEST
                : PointConditions.LoadGeneratorShare.LIMIT;
    }

    /**
     * The busiest disk's mean utilisation over the measured intervals: the embedded brokers' data dir's, or each
     * external broker host's through its node exporter (the load host's own disk is never sampled for an external
     * cluster).
     */
    private static Double busiestDisk(RunResult run) {
        return MeasuredMeans.of(run, TelemetryMetric.DISK_UTIL_PERCENT).stream().max(Double::compare).orElse(null);
    }

    /** The most throttled broker's mean share of throttled CPU quota periods over the measured intervals. */
    private static Double mostThrottled(RunResult run) {
        return MeasuredMeans.of(run, TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT).stream().max(Double::compare).orElse(null);
    }
}
