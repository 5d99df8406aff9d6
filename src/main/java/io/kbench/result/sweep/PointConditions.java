package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.Spread;
import io.kbench.result.run.SteadyState;
import java.util.List;
import java.util.Objects;

/**
 * What a point's repetitions measured about the conditions a finding may need (docs/sweeps.md, "Preconditions"): a
 * claim about thread pools needs brokers that are not held at their CPU quota, a claim about the disk needs more data
 * than the page cache holds. Each figure is absent when the runs did not measure it (no telemetry, or results kept
 * before kbench measured it): a finding that needs it is then "not measured", never judged on an assumption.
 *
 * @param brokerThrottledPercent per repetition, the most throttled broker's mean share of CPU quota periods in which
 *                               its cgroup was throttled over the measured window (%)
 * @param writtenBytes           per repetition, the bytes the brokers wrote: produced bytes x the topic's replication
 *                               factor (bytes)
 * @param pageCacheBytes         the most the brokers' page cache could hold: the host's memory (MemTotal), or the
 *                               brokers' cgroup memory limits together when smaller (bytes)
 * @param cpuQuotaCores          the CPU quota kbench gave each broker ({@code cluster.limits.cpuQuota}, cores); absent
 *                               when it gave none, and then no broker can be throttled by one
 * @param steadyRuns             repetitions whose window was steady (result.json {@code drift}); absent when no
 *                               repetition was judged (results kept before kbench judged drift)
 * @param driftingRuns           repetitions judged drifting
 * @param tooShortRuns           repetitions too short to tell
 * @param diskUtilPercent        per repetition, the busiest broker disk's utilisation over the measured window (%, the
 *                               time the device had I/O in flight): the embedded brokers' data dir's disk, or each
 *                               external broker host's busiest disk through its node exporter; absent when no disk
 *                               was sampled or in results kept before kbench recorded it
 * @param loadGeneratorLimitedRuns repetitions whose diagnosis named the load generator's CPU as what limited them (a
 *                               fixed-rate run that met its schedule is not limited); absent unless every repetition
 *                               was diagnosed (telemetry off, or results kept before kbench recorded it)
 * @param loadGeneratorBusiestRuns fixed-rate repetitions that kept to their rate with the load generator's CPU the
 *                               busiest resource (its consumers may still lag: their end-to-end latency is then its
 *                               queueing); absent unless every repetition was diagnosed, or in results kept before
 *                               kbench recorded it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PointConditions(Spread brokerThrottledPercent, Spread writtenBytes, Long pageCacheBytes,
                              Double cpuQuotaCores, Integer steadyRuns, Integer driftingRuns, Integer tooShortRuns,
                              Spread diskUtilPercent, Integer loadGeneratorLimitedRuns,
                              Integer loadGeneratorBusiestRuns) {
    public PointConditions {
        if (pageCacheBytes != null && pageCacheBytes <= 0) {
            throw new IllegalArgumentException("pageCacheBytes: must be > 0 (got " + pageCacheBytes + ")");
        }
        if (loadGeneratorLimitedRuns != null && loadGeneratorLimitedRuns < 0) {
            throw new IllegalArgumentException("loadGeneratorLimitedRuns: must be >= 0 (got " + loadGeneratorLimitedRuns + ")");
        }
        if (loadGeneratorBusiestRuns != null && loadGeneratorBusiestRuns < 0) {
            throw new IllegalArgumentException("loadGeneratorBusiestRuns: must be >= 0 (got " + loadGeneratorBusiestRuns + ")");
        }
    }

    /** Conditions without the load generator's figure (results kept before kbench recorded it). */
    public PointConditions(Spread brokerThrottledPercent, Spread writtenBytes, Long pageCacheBytes, Double cpuQuotaCores,
                           Integer steadyRuns, Integer driftingRuns, Integer tooShortRuns, Spread diskUtilPercent) {
        this(brokerThrottledPercent, writtenBytes, pageCacheBytes, cpuQuotaCores, steadyRuns, driftingRuns, tooShortRuns,
                diskUtilPercent, null, null);
    }

    /**
     * One completed repetition's figures.
     *
     * @param throttledPercent the most throttled broker's mean over the measured intervals; null when not sampled
     * @param writtenBytes     produced bytes x replication factor; null without a produce summary
     * @param steady           whether its window was steady; null when not judged
     * @param diskUtilPercent  the busiest broker disk's mean utilisation; null when no disk was sampled
     * @param loadGenerator    what its diagnosis said of the load generator's CPU; null when the run was not diagnosed
     */
    public record Run(Double throttledPercent, Double writtenBytes, SteadyState steady, Double diskUtilPercent,
                      LoadGeneratorShare loadGenerator) {
    }

    /** What a run's diagnosis said of the load generator's CPU. */
    public enum LoadGeneratorShare {
        /** The run fell short of its rate (or had none) with the load generator's CPU the limit. */
        LIMIT,
        /** The run kept to its fixed rate with the load generator's CPU the busiest resource. */
        BUSIEST,
        /** Another resource, or none. */
        OTHER
    }

    /** The conditions over a point's completed repetitions; null when none measured anything. */
    public static PointConditions of(List<Run> runs, Long pageCacheBytes, Double cpuQuotaCores) {
        Objects.requireNonNull(runs, "runs");
        List<Double> throttled = runs.stream().map(Run::throttledPercent).filter(Objects::nonNull).toList();
        List<Double> written = runs.stream().map(Run::writtenBytes).filter(Objects::nonNull).toList();
        List<SteadyState> states = runs.stream().map(Run::steady).filter(Objects::nonNull).toList();
        List<Double> disk = runs.stream().map(Run::diskUtilPercent).filter(Objects::nonNull).toList();
        List<LoadGeneratorShare> limited = runs.stream().map(Run::loadGenerator).filter(Objects::nonNull).toList();
        if (runs.isEmpty() || throttled.isEmpty() && written.isEmpty() && pageCacheBytes == null && cpuQuotaCores == null
                && states.isEmpty() && disk.isEmpty() && limited.isEmpty()) {
            return null;
        }
        // A figure only some repetitions measured would be judged on a part of them: absent unless every one did.
        return new PointConditions(throttled.size() == runs.size() ? Spread.of(throttled) : null,
                written.size() == runs.size() ? Spread.of(written) : null, pageCacheBytes, cpuQuotaCores,
                states.isEmpty() ? null : count(states, SteadyState.STEADY),
                states.isEmpty() ? null : count(states, SteadyState.DRIFTING),
                states.isEmpty() ? null : count(states, SteadyState.TOO_SHORT),
                disk.size() == runs.size() ? Spread.of(disk) : null,
                limited.size() == runs.size() ? (int) limited.stream().filter(s -> s == LoadGeneratorShare.LIMIT).count() : null,
                limited.size() == runs.size() ? (int) limited.stream().filter(s -> s == LoadGeneratorShare.BUSIEST).count() : null);
    }

    private static int count(List<SteadyState> states, SteadyState state) {
        return (int) states.stream().filter(s -> s == state).count();
    }
}
