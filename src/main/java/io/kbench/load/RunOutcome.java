package io.kbench.load;

import io.kbench.result.Integrity;
import io.kbench.result.IntervalPoint;
import io.kbench.result.LatencyStats;
import io.kbench.result.LoadBreakdown;
import io.kbench.result.RebalanceStats;
import io.kbench.result.RunStatus;
import io.kbench.result.ShareStats;
import io.kbench.result.Summary;
import io.kbench.result.Totals;
import io.kbench.result.TransactionStats;
import java.util.List;
import java.util.Locale;

/**
 * What a workload run measured, before it is written as result.json.
 *
 * @param status                 completed, interrupted or failed
 * @param failure                one-line reason when not completed, else null
 * @param latencyMeasuredFrom    intendedSendTime (rate-limited: coordinated omission handled) or actualSendTime
 * @param produced               measured produce totals (warm-up excluded)
 * @param consumed               measured consume totals, or null when no consumers ran
 * @param publishLatencyMicros   send -> ack
 * @param endToEndLatencyMicros  send -> consumer receive, or null unless consumers ran live
 * @param sendDelayMicros        how far sends fell behind schedule, or null at unlimited rate
 * @param intervals              the per-interval series
 * @param integrity              what verification found, or null when the run was not verified
 * @param transactions           commits, aborts and commit latency, or null unless the producers are transactional
 * @param breakdown              per partition and per consumer figures, or null when not recorded
 * @param share                  what the share group did, or null unless consumers.mode is share
 * @param rebalances             gaps around consumer changes, or null without consumers.changes
 */
public record RunOutcome(RunStatus status, String failure, String latencyMeasuredFrom, Totals produced, Totals consumed,
                         LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                         LatencyStats sendDelayMicros, List<IntervalPoint> intervals, Integrity integrity,
                         TransactionStats transactions, LoadBreakdown breakdown, ShareStats share,
                         RebalanceStats rebalances) {

    /** An outcome without transactions, breakdown, share-group or rebalance figures. */
    public RunOutcome(RunStatus status, String failure, String latencyMeasuredFrom, Totals produced, Totals consumed,
                      LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                      LatencyStats sendDelayMicros, List<IntervalPoint> intervals, Integrity integrity) {
        this(status, failure, latencyMeasuredFrom, produced, consumed, publishLatencyMicros, endToEndLatencyMicros,
                sendDelayMicros, intervals, integrity, null, null, null, null);
    }

    /** An outcome without verification. */
    public RunOutcome(RunStatus status, String failure, String latencyMeasuredFrom, Totals produced, Totals consumed,
                      LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                      LatencyStats sendDelayMicros, List<IntervalPoint> intervals) {
        this(status, failure, latencyMeasuredFrom, produced, consumed, publishLatencyMicros, endToEndLatencyMicros,
                sendDelayMicros, intervals, null);
    }

    /**
     * This outcome with verification's findings. A read-back that stalled fails a completed run (exit 1), with the
     * partial findings kept: nothing measured is lost, and the message says how much could not be checked.
     */
    public RunOutcome withIntegrity(Integrity found) {
        boolean stalled = found.incomplete() && status == RunStatus.COMPLETED;
        return new RunOutcome(stalled ? RunStatus.FAILED : status, stalled ? String.format(Locale.ROOT,
                "verify: %,d records of the topic could not be read back (no progress for 60 s); the integrity check is"
                        + " inconclusive", found.unread()) : failure, latencyMeasuredFrom, produced, consumed, publishLatencyMicros,
                endToEndLatencyMicros, sendDelayMicros, intervals, found, transactions, breakdown, share, rebalances);
    }

    /** This outcome with the share group's and the rebalances' figures (either may be null). */
    public RunOutcome withGroups(ShareStats shareStats, RebalanceStats rebalanceStats) {
        return new RunOutcome(status, failure, latencyMeasuredFrom, produced, consumed, publishLatencyMicros,
                endToEndLatencyMicros, sendDelayMicros, intervals, integrity, transactions, breakdown, shareStats,
                rebalanceStats);
    }

    /** The headline figures, as result.json records them. */
    public Summary summary() {
        return new Summary(latencyMeasuredFrom, produced, consumed, publishLatencyMicros, endToEndLatencyMicros,
                sendDelayMicros, transactions);
    }
}
