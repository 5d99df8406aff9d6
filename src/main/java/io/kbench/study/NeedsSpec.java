package io.kbench.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A finding's {@code needs:} as a sweep file declares it (docs/sweeps.md, "Preconditions"): what the claim's effect
 * needs to show at all. kbench measures each in the runs; a group where one fails is "not testable here" with the
 * measured reason, never contradicted.
 *
 * @param notThrottled      true: no compared point's brokers may be throttled by their CPU quota in
 *                          {@link Preconditions#THROTTLED_PERCENT}% or more of its periods (a thread-pool size
 *                          cannot add parallelism on a broker that has no CPU left)
 * @param pageCacheExceeded true: some compared point must write more than the brokers' page cache can hold (a claim
 *                          about the disk taking over)
 * @param queueShareBelow   the largest share of the latency's p99 the producer's own send delay p99 may take, e.g.
 *                          0.5 (a latency claim judged on queueing measures the queue, not the setting)
 * @param range             path -> [min, max]: the claim's stated range of a varied setting; points outside it are
 *                          not the claim's
 * @param steady            true: every compared repetition's window must be steady (result.json {@code drift}): a
 *                          drifting run's average is no level to compare
 * @param bytesLimited      true: bytes must be what limits some compared point (a claim that fewer bytes buy
 *                          throughput, as compression's): its brokers' disk busy {@link Preconditions#DISK_BUSY_PERCENT}%
 *                          or more of the time, or an external cluster, whose network kbench cannot see
 * @param loadGeneratorHeadroom true: no compared point may have been limited by the load generator's own CPU in half
 *                          or more of its runs (result.json diagnosis): a knee measured where the producers and
 *                          consumers ran out of CPU is the load generator's, not the cluster's
 * @param diskBusy          true: the brokers' disk must be busy {@link Preconditions#DISK_BUSY_PERCENT}% or more at some
 *                          compared point (a claim about the disk or its filesystem: a filesystem's stalls reach the
 *                          latency only where the disk has work queued); on an external cluster its disk is read
 *                          through the node exporter, and unread it is not measured
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NeedsSpec(Boolean notThrottled, Boolean pageCacheExceeded, Double queueShareBelow,
                        Map<String, List<Double>> range, Boolean steady, Boolean bytesLimited,
                        Boolean loadGeneratorHeadroom, Boolean diskBusy) {
}
