package io.kbench.measure;

/**
 * What was counted in one report interval (warm-up included): the deltas of kbench's own counters.
 *
 * @param producedRecords acknowledged records
 * @param producedBytes   acknowledged bytes (keys and values)
 * @param consumedRecords consumed records
 * @param consumedBytes   consumed bytes
 * @param produceErrors   failed sends
 */
public record IntervalCounts(long producedRecords, long producedBytes, long consumedRecords, long consumedBytes,
                             long produceErrors) {
}
