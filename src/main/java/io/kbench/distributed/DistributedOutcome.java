package io.kbench.distributed;

import io.kbench.load.EndToEndLatency;
import io.kbench.load.RunOutcome;
import io.kbench.load.SummaryFigures;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.DistributedRun;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.WorkloadSpec;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * What a distributed run returns, as a local run would: the status, the merged totals and latencies, and the
 * {@link DistributedRun} part saying how the run was spread and each worker's share.
 *
 * @param outcome         the run's outcome
 * @param distributedRun  how it was spread and what each worker did
 */
record DistributedOutcome(RunOutcome outcome, DistributedRun distributedRun) {

    /** Stopped (Ctrl-C) before the start: nothing was measured. */
    static DistributedOutcome stoppedBeforeStart(WorkloadSpec spec, Distribution distribution,
                                                 Collection<WorkerState> workers) {
        DistributedRun run = new DistributedRun(distribution.workers(), distribution.local(),
                distribution.tolerateWorkerLoss(), null,
                workers.stream().map(w -> w.run(WorkerStatus.INTERRUPTED)).toList());
        return new DistributedOutcome(RunOutcome.of(RunStatus.INTERRUPTED, null,
                SummaryFigures.nothingMeasured(spec, MergedTotals.empty()), List.of()), run);
    }

    /** After the run: the workers' totals added up, the latencies from the merged intervals. */
    static DistributedOutcome of(WorkloadSpec spec, Distribution distribution, WorkerWatch watch, boolean stopped,
                                 RunMetrics metrics, List<IntervalPoint> points) {
        boolean consumers = spec.consumers().mode() == ConsumerMode.LIVE && spec.consumers().count() > 0;
        List<WorkerRun> runs = watch.all().stream().map(WorkerState::run).toList();
        DistributedRun run = new DistributedRun(distribution.workers(), distribution.local(),
                distribution.tolerateWorkerLoss(), spec.consumers().mode() == ConsumerMode.LIVE && runs.size() > 1
                        ? clockBound(runs) : null, runs);
        List<Message.Done> done = watch.all().stream().map(w -> w.done).filter(Objects::nonNull).toList();
        String failure = watch.failure();
        RunStatus status = failure != null ? RunStatus.FAILED : stopped ? RunStatus.INTERRUPTED : RunStatus.COMPLETED;
        List<WorkerState> workers = List.copyOf(watch.all());
        return new DistributedOutcome(RunOutcome.of(status, failure, SummaryFigures.summary(spec, metrics,
                EndToEndLatency.of(consumers), MergedTotals.produced(done),
                consumers ? MergedTotals.consumed(done) : null, null), points)
                .withClients(MergedDrivers.clients(spec, workers))
                .withLoadCpu(status == RunStatus.COMPLETED ? MergedDrivers.loadCpu(spec, workers) : null), run);
    }

    /**
     * How far end-to-end latencies may be off from the workers' clocks: a record sent on one worker and consumed on
     * another carries both their bounds, so the two largest added up.
     */
    private static double clockBound(List<WorkerRun> runs) {
        return runs.stream().map(WorkerRun::clockBoundMicros).sorted((a, b) -> Double.compare(b, a)).limit(2)
                .mapToDouble(Double::doubleValue).sum();
    }
}
