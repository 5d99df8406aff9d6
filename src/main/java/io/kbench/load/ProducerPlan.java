package io.kbench.load;

import io.kbench.spec.RateStage;
import java.time.Duration;
import java.util.List;

/**
 * One producer thread's share of the workload, computed once before the run.
 *
 * @param topic              topic to write
 * @param recordsPerSec      this thread's rate, or 0 for unlimited
 * @param schedulePhase      0..1 offset within one period so threads interleave
 * @param warmupRecords      this thread's warm-up records
 * @param warmupDuration     warm-up time shared by all threads (zero for none)
 * @param measuredRecords    this thread's measured records, or -1 when the run is time-bound
 * @param measuredDuration   measured time after warm-up, or null when the run is record-bound
 * @param seed               this thread's random seed (payload.seed + the thread's index)
 * @param stages             the workload's rate stages (records/s over all threads), empty for a constant rate
 * @param share              this thread's share of every stage's rate (1 / threads)
 */
record ProducerPlan(String topic, double recordsPerSec, double schedulePhase, long warmupRecords,
                    Duration warmupDuration, long measuredRecords, Duration measuredDuration, long seed,
                    List<RateStage> stages, double share) {
    ProducerPlan {
        stages = List.copyOf(stages);
    }

    boolean unlimited() {
        return recordsPerSec == 0;
    }

    /** This thread's send times from {@code startNanos}, or null when it sends as fast as it can. */
    SendSchedule schedule(long startNanos) {
        if (unlimited()) {
            return null;
        }
        return stages.isEmpty() ? new RateSchedule(recordsPerSec, startNanos, schedulePhase)
                : new StagedSchedule(stages, share, startNanos, warmupDuration, schedulePhase);
    }
}
