package io.kbench.result.run;

/**
 * What one share consumer did over the run.
 *
 * @param consumer      the consumer's index (client id {@code kbench-consumer-<index>})
 * @param deliveries    measured records it was given, redeliveries included
 * @param accepted      measured records it acknowledged ACCEPT (implicitly or explicitly) with a commit that succeeded
 * @param recordsPerSec its accepted records over the run's consume window
 */
public record ShareConsumerStats(int consumer, long deliveries, long accepted, double recordsPerSec) {
}
