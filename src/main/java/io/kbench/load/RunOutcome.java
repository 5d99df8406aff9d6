package io.kbench.load;

import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.ShareStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Warmup;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a workload run measured, before it is written as result.json: the core every run has (status, headline figures,
 * intervals) and the optional sections only some workloads produce.
 *
 * @param status    completed, interrupted or failed
 * @param failure   one-line reason when not completed, else null
 * @param summary   the headline figures: totals, latencies, transactions, as result.json records them
 * @param intervals the per-interval series
 * @param sections  the optional parts; {@link Sections#NONE} when there are none
 */
public record RunOutcome(RunStatus status, String failure, Summary summary, List<IntervalPoint> intervals,
                         Sections sections) {
    public RunOutcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(sections, "sections");
        intervals = List.copyOf(intervals);
    }

    /** An outcome with no optional sections. */
    public static RunOutcome of(RunStatus status, String failure, Summary summary, List<IntervalPoint> intervals) {
        return new RunOutcome(status, failure, summary, intervals, Sections.NONE);
    }

    /**
     * The parts only some runs have; each is null when absent.
     *
     * @param integrity  what verification found, or null when the run was not verified
     * @param breakdown  per partition and per consumer figures, or null when not recorded
     * @param share      what the share group did, or null unless consumers.mode is share
     * @param rebalances gaps around consumer changes, or null without consumers.changes
     * @param warmup     how an auto warm-up went, or null for a fixed warm-up or none
     * @param backlog    the backlog phase's figures, or null without consumers.pause
     */
    public record Sections(Integrity integrity, LoadBreakdown breakdown, ShareStats share, RebalanceStats rebalances,
                           Warmup warmup, BacklogPhases backlog) {
        public static final Sections NONE = new Sections(null, null, null, null, null, null);

        public Sections withIntegrity(Integrity found) {
            return new Sections(found, breakdown, share, rebalances, warmup, backlog);
        }

        public Sections withBreakdown(LoadBreakdown perPartition) {
            return new Sections(integrity, perPartition, share, rebalances, warmup, backlog);
        }

        /** The share group's and the rebalances' figures (either may be null). */
        public Sections withGroups(ShareStats shareStats, RebalanceStats rebalanceStats) {
            return new Sections(integrity, breakdown, shareStats, rebalanceStats, warmup, backlog);
        }

        public Sections withWarmup(Warmup auto) {
            return new Sections(integrity, breakdown, share, rebalances, auto, backlog);
        }

        public Sections withBacklog(BacklogPhases phases) {
            return new Sections(integrity, breakdown, share, rebalances, warmup, phases);
        }
    }

    /**
     * This outcome with verification's findings. A read-back that stalled fails a completed run (exit 1), with the
     * partial findings kept: nothing measured is lost, and the message says how much could not be checked.
     */
    public RunOutcome withIntegrity(Integrity found) {
        boolean stalled = found.incomplete() && status == RunStatus.COMPLETED;
        return new RunOutcome(stalled ? RunStatus.FAILED : status, stalled ? String.format(Locale.ROOT,
                "verify: %,d records of the topic could not be read back (no progress for 60 s); the integrity check is"
                        + " inconclusive", found.unread()) : failure, summary, intervals, sections.withIntegrity(found));
    }

    /** This outcome with the share group's and the rebalances' figures (either may be null). */
    public RunOutcome withGroups(ShareStats shareStats, RebalanceStats rebalanceStats) {
        return new RunOutcome(status, failure, summary, intervals, sections.withGroups(shareStats, rebalanceStats));
    }

    /** This outcome with how its auto warm-up went (null: a fixed warm-up or none). */
    public RunOutcome withWarmup(Warmup auto) {
        return new RunOutcome(status, failure, summary, intervals, sections.withWarmup(auto));
    }

    /** This outcome with its backlog phase's figures (null: no consumers.pause). */
    public RunOutcome withBacklog(BacklogPhases phases) {
        return new RunOutcome(status, failure, summary, intervals, sections.withBacklog(phases));
    }

    public BacklogPhases backlog() {
        return sections.backlog();
    }

    public Warmup warmup() {
        return sections.warmup();
    }

    public Integrity integrity() {
        return sections.integrity();
    }

    public LoadBreakdown breakdown() {
        return sections.breakdown();
    }

    public ShareStats share() {
        return sections.share();
    }

    public RebalanceStats rebalances() {
        return sections.rebalances();
    }
}
