package io.kbench.load;

import java.time.Duration;

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
 */
record ProducerPlan(String topic, double recordsPerSec, double schedulePhase, long warmupRecords,
                    Duration warmupDuration, long measuredRecords, Duration measuredDuration, long seed) {
    boolean unlimited() {
        return recordsPerSec == 0;
    }
}
