package io.kbench.result.run;

/**
 * One partition around one consumer change: how long its processing stopped and how late its records then were.
 *
 * @param partition          the partition
 * @param gapMicros          the longest time between two consecutive polls that returned records of this partition
 *                           (any consumer), ending in the change's window: last record before, first after
 * @param maxLatencyMicros   the highest end-to-end latency of its records in the window (the spike)
 */
public record PartitionGap(int partition, long gapMicros, long maxLatencyMicros) {
}
