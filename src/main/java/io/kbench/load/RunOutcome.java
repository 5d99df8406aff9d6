package io.kbench.load;

import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.BrokerCheck;
import io.kbench.result.run.Clients;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RunSections;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.ShareStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Warmup;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a workload run measured, before it is written as result.json: the core every run has (status, headline figures,
 * intervals) and the optional sections only some workloads produce, already as the result's {@link RunSections} so
 * the caller adds its own (telemetry, faults, ...) with {@code sections().toBuilder()} instead of copying them.
 *
 * @param status    completed, interrupted or failed
 * @param failure   one-line reason when not completed, else null
 * @param summary   the headline figures: totals, latencies, transactions, as result.json records them
 * @param intervals the per-interval series
 * @param sections  the optional parts the load produced (integrity, breakdown, share, rebalances, warmup, backlog);
 *                  {@link RunSections#none()} when there are none
 */
public record RunOutcome(RunStatus status, String failure, Summary summary, List<IntervalPoint> intervals,
                         RunSections sections) {
    public RunOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(sections, "sections");
        intervals = List.copyOf(intervals);
    }

    /** An outcome with no optional sections. */
    public static RunOutcome of(RunStatus status, String failure, Summary summary, List<IntervalPoint> intervals) {
        return new RunOutcome(status, failure, summary, intervals, RunSections.none());
    }

    /**
     * This outcome with verification's findings. A read-back that stalled fails a completed run (exit 1), with the
     * partial findings kept: nothing measured is lost, and the message says how much could not be checked.
     */
    public RunOutcome withIntegrity(Integrity found) {
        boolean stalled = found.incomplete() && status == RunStatus.COMPLETED;
        return new RunOutcome(stalled ? RunStatus.FAILED : status, stalled ? String.format(Locale.ROOT,
                "verify: %,d records of the topic could not be read back (no progress for 60 s); the integrity check is"
                        + " inconclusive", found.unread()) : failure, summary, intervals,
                sections.toBuilder().integrity(found).build());
    }

    /** This outcome with the share group's and the rebalances' figures (either may be null). */
    public RunOutcome withGroups(ShareStats shareStats, RebalanceStats rebalanceStats) {
        return with(sections.toBuilder().share(shareStats).rebalances(rebalanceStats).build());
    }

    /** This outcome with how its auto warm-up went (null: a fixed warm-up or none). */
    public RunOutcome withWarmup(Warmup auto) {
        return with(sections.toBuilder().warmup(auto).build());
    }

    /** This outcome with the drivers that ran (null: java on both sides). */
    public RunOutcome withClients(Clients clients) {
        return with(sections.toBuilder().clients(clients).build());
    }

    /** This outcome with the broker check of its driver producers (null: not made); after {@link #withClients}. */
    public RunOutcome withBrokerCheck(BrokerCheck check) {
        Clients clients = sections.clients();
        return check == null || clients == null ? this : withClients(clients.withBrokerCheck(check));
    }

    /** This outcome with each side's CPU per record (null: nothing measured, or no CPU reading). */
    public RunOutcome withLoadCpu(LoadCpu cpu) {
        return with(sections.toBuilder().loadCpu(cpu).build());
    }

    /** This outcome with its backlog phase's figures (null: no consumers.pause). */
    public RunOutcome withBacklog(BacklogPhases phases) {
        return with(sections.toBuilder().backlog(phases).build());
    }

    private RunOutcome with(RunSections changed) {
        return new RunOutcome(status, failure, summary, intervals, changed);
    }
}
