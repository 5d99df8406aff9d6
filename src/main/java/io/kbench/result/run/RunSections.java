package io.kbench.result.run;

import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Telemetry;
import java.util.List;

/**
 * The optional parts of a run result, each absent (null) when the run did not produce it. result.json writes them at
 * its top level beside the core fields (see {@link RunResult}), so grouping them here changes no file. Made by
 * {@link RunResult.Builder}, which names each of them.
 *
 * @param telemetry   broker, host and load-generator series on the interval axis, events and the diagnosis; absent
 *                    when telemetry was off or for results written before it existed
 * @param integrity   what verification found (verify: true), absent otherwise
 * @param faults      each scheduled fault as it happened, absent when the workload had none
 * @param breakdown   produced and consumed records and latency per partition and per consumer; absent for results
 *                    written before it existed
 * @param share       what the share group did (consumers.mode share), absent otherwise
 * @param rebalances  processing gaps around each consumer change (consumers.changes), absent without changes
 * @param merge       how a {@code kbench merge} result was made from several runs and each run's own figures;
 *                    absent in the result of a single run
 * @param distributed how a distributed run was spread over workers and each worker's part; absent for a run in one
 *                    process
 * @param storage     the embedded brokers' emulated filesystems (cluster.storage), absent otherwise
 * @param schedule    offered and achieved rate of a fixed-rate run; absent for an unlimited rate and in results
 *                    written before it existed
 * @param anatomy     where the latency went, part by part (needs broker telemetry); absent otherwise
 * @param warmup      how an auto warm-up went (producers.warmup: auto); absent for a fixed warm-up or none
 * @param backlog     the backlog phase's figures (consumers.pause); absent without one
 */
public record RunSections(Telemetry telemetry, Integrity integrity, List<FaultResult> faults, LoadBreakdown breakdown,
                          ShareStats share, RebalanceStats rebalances, MergeInfo merge, DistributedRun distributed,
                          StorageInfo storage, Schedule schedule, Anatomy anatomy, Warmup warmup,
                          BacklogPhases backlog) {
    private static final RunSections NONE = new RunSections(null, null, null, null, null, null, null, null, null, null,
            null, null, null);

    public RunSections {
        faults = faults == null ? null : List.copyOf(faults);
    }

    /** A run with none of the optional parts. */
    public static RunSections none() {
        return NONE;
    }
}
