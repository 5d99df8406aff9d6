package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One consumer thread's share of the measured window: a slow or starved consumer shows up here.
 *
 * @param consumer              consumer index (client id kbench-consumer-N)
 * @param records               measured records it consumed
 * @param bytes                 their bytes (values and keys)
 * @param recordsPerSec         records over the run's consume window (the same window for every consumer, so the
 *                              rates compare)
 * @param endToEndLatencyMicros send -> receive of its records (live consumers only)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConsumerStats(int consumer, long records, long bytes, double recordsPerSec,
                            LatencyStats endToEndLatencyMicros) {
}
