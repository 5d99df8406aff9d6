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
                loadGeneratorLimited(run));
    }

    /**
     * Whether the run's diagnosis named the load generator's CPU as its limit; a fixed-rate run that kept to its rate
     * was limited by nothing (its diagnosis then names only the busiest resource). Null when the run was not diagnosed.
     */
    private static Boolean loadGeneratorLimited(RunResult run) {
        Diagnosis d = run.telemetry() == null ? null : run.telemetry().diagnosis();
        if (d == null) {
            return null;
        }
        return d.limitedBy() == LimitingResource.LOAD_GENERATOR_CPU && !Boolean.TRUE.equals(d.metSchedule());
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
