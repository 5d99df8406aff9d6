package io.kbench.result.run;

import java.util.List;

/**
 * The processing gaps of every partition in one window of the run: from a consumer change (or the run's start, for
 * the baseline) to the next change or the end.
 *
 * @param atSec            start of the window on the run's clock (the change's {@code at}; 0 for the baseline)
 * @param endSec           end of the window
 * @param delta            consumers added (positive) or removed (negative); 0 for the baseline
 * @param consumersAfter   consumers in the group after the change
 * @param gapMicros        distribution over partitions of each partition's longest processing gap
 * @param latencySpikeMicros distribution over partitions of each partition's highest end-to-end latency
 * @param partitions       per partition (only partitions that received records in the window)
 */
public record RebalanceWindow(double atSec, double endSec, int delta, int consumersAfter, LatencyStats gapMicros,
                              LatencyStats latencySpikeMicros, List<PartitionGap> partitions) {
    public RebalanceWindow {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }
}
