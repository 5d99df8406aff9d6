package io.kbench.result.run;

import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Telemetry;
import java.util.List;

/**
 * The optional parts of a run result, each absent (null) when the run did not produce it. result.json writes them at
 * its top level beside the core fields (see {@link RunResult}), so grouping them here changes no file.
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
 * @param drift       steady state and drift over the measured window (trends of throughput and p99); absent for a
 *                    run that measured nothing and in results written before it existed
 * @param clients     the drivers of clients other than java that ran (docs/clients.md); absent for a Java-only run
 * @param stages      each rate stage's offered and achieved rate and latency (producers.stages); absent without stages
 * @param loadCpu     each side's client's CPU over its measured window, per record (docs/clients.md#cpu-per-record);
 *                    absent for a run that measured nothing, a distributed run and results written before it existed
 */
public record RunSections(Telemetry telemetry, Integrity integrity, List<FaultResult> faults, LoadBreakdown breakdown,
                          ShareStats share, RebalanceStats rebalances, MergeInfo merge, DistributedRun distributed,
                          StorageInfo storage, Schedule schedule, Anatomy anatomy, Warmup warmup,
                          BacklogPhases backlog, Drift drift, Clients clients, List<StageResult> stages,
                          LoadCpu loadCpu) {
    private static final RunSections NONE = builder().build();

    public RunSections {
        faults = faults == null ? null : List.copyOf(faults);
        stages = stages == null ? null : List.copyOf(stages);
    }

    /** A run with none of the optional parts. */
    public static RunSections none() {
        return NONE;
    }

    /**
     * Sets every section of this on {@code run} and returns it, so load's sections pass into a result whole (a method of
     * the result's builder would be a JSON property to Jackson, which reads result.json through that builder).
     */
    public RunResult.Builder into(RunResult.Builder run) {
        return run.telemetry(telemetry).integrity(integrity).faults(faults).breakdown(breakdown).share(share)
                .rebalances(rebalances).merge(merge).distributed(distributed).storage(storage).schedule(schedule)
                .anatomy(anatomy).warmup(warmup).backlog(backlog).drift(drift).clients(clients)
                .stages(stages).loadCpu(loadCpu);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these sections, to derive a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder().telemetry(telemetry).integrity(integrity).faults(faults).breakdown(breakdown).share(share)
                .rebalances(rebalances).merge(merge).distributed(distributed).storage(storage).schedule(schedule)
                .anatomy(anatomy).warmup(warmup).backlog(backlog).drift(drift).clients(clients)
                .stages(stages).loadCpu(loadCpu);
    }

    /** Names each section it is given; the ones never given stay absent. */
    public static final class Builder {
        private Telemetry telemetry;
        private Integrity integrity;
        private List<FaultResult> faults;
        private LoadBreakdown breakdown;
        private ShareStats share;
        private RebalanceStats rebalances;
        private MergeInfo merge;
        private DistributedRun distributed;
        private StorageInfo storage;
        private Schedule schedule;
        private Anatomy anatomy;
        private Warmup warmup;
        private BacklogPhases backlog;
        private List<StageResult> stages;
        private Drift drift;
        private Clients clients;
        private LoadCpu loadCpu;

        private Builder() {
        }

        public Builder telemetry(Telemetry value) {
            telemetry = value;
            return this;
        }

        public Builder integrity(Integrity value) {
            integrity = value;
            return this;
        }

        public Builder faults(List<FaultResult> value) {
            faults = value;
            return this;
        }

        public Builder breakdown(LoadBreakdown value) {
            breakdown = value;
            return this;
        }

        public Builder share(ShareStats value) {
            share = value;
            return this;
        }

        public Builder rebalances(RebalanceStats value) {
            rebalances = value;
            return this;
        }

        public Builder merge(MergeInfo value) {
            merge = value;
            return this;
        }

        public Builder distributed(DistributedRun value) {
            distributed = value;
            return this;
        }

        public Builder storage(StorageInfo value) {
            storage = value;
            return this;
        }

        public Builder schedule(Schedule value) {
            schedule = value;
            return this;
        }

        public Builder anatomy(Anatomy value) {
            anatomy = value;
            return this;
        }

        public Builder warmup(Warmup value) {
            warmup = value;
            return this;
        }

        public Builder backlog(BacklogPhases value) {
            backlog = value;
            return this;
        }

        public Builder stages(List<StageResult> value) {
            stages = value;
            return this;
        }

        public Builder drift(Drift value) {
            drift = value;
            return this;
        }

        public Builder clients(Clients value) {
            clients = value;
            return this;
        }

        public Builder loadCpu(LoadCpu value) {
            loadCpu = value;
            return this;
        }

        public RunSections build() {
            return new RunSections(telemetry, integrity, faults, breakdown, share, rebalances, merge, distributed,
                    storage, schedule, anatomy, warmup, backlog, drift, clients, stages, loadCpu);
        }
    }
}
