package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * How a distributed run ({@code --workers N} or {@code --local-workers N}) was spread, and each worker's part.
 *
 * @param workers                  workers the run asked for
 * @param localWorkers             whether kbench started them on this machine ({@code --local-workers})
 * @param tolerateWorkerLoss       whether losing a worker let the run go on ({@code --tolerate-worker-loss})
 * @param endToEndClockBoundMicros how far end-to-end latency between a producer on one worker and a consumer on
 *                                 another can be off because of the clocks (the two largest offset bounds added);
 *                                 absent without live consumers or with one worker
 * @param workerRuns               each worker, in share order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DistributedRun(int workers, boolean localWorkers, boolean tolerateWorkerLoss, Double endToEndClockBoundMicros,
                             List<WorkerRun> workerRuns) {
    public DistributedRun {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be >= 1 (got " + workers + ")");
        }
        workerRuns = List.copyOf(Objects.requireNonNull(workerRuns, "workerRuns"));
    }

    /** The workers that were lost, by id. */
    public List<String> lost() {
        return workerRuns.stream().filter(w -> w.status() == WorkerStatus.LOST).map(WorkerRun::id).toList();
    }
}
