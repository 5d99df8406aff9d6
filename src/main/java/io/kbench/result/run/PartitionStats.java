package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One partition's share of the measured window.
 *
 * @param partition       partition number
 * @param producedRecords measured records acknowledged on this partition
 * @param consumedRecords measured records consumed from it; absent without consumers
 * @param latencyMicros   the latency {@link LoadBreakdown#partitionLatency()} names, of this partition's records; absent
 *                        when none were recorded
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PartitionStats(int partition, long producedRecords, Long consumedRecords, LatencyStats latencyMicros) {
}
