package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The measured window per partition and per consumer, so a hot partition or a slow consumer shows up. Partition
 * counts add up to the summary's produced and consumed records.
 *
 * @param partitionLatency which latency {@link PartitionStats#latencyMicros()} holds
 * @param partitions       one entry per partition of the topic, in partition order; empty when consumers read by
 *                         topic pattern
 * @param consumers        one entry per consumer thread; empty without consumers
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadBreakdown(PartitionLatency partitionLatency, List<PartitionStats> partitions,
                            List<ConsumerStats> consumers) {
    public LoadBreakdown {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
        consumers = consumers == null ? List.of() : List.copyOf(consumers);
    }
}
