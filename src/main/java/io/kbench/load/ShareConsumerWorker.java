package io.kbench.load;

import io.kbench.measure.ShareLatencies;
import io.kbench.spec.ShareSpec;
import io.kbench.unit.Units;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * One share consumer thread (KIP-932) with its own share consumer client. Each poll's records are processed (the
 * optional processing time), acknowledged (implicitly, or ACCEPT / RELEASE / REJECT by fraction) and committed with one
 * {@code commitSync}, whose duration is the acknowledgement commit latency. A record counts as consumed once it is
 * settled by a commit that succeeded: accepted, rejected, or released on its last allowed delivery (archived).
 * Counters are plain fields of this thread, read after it has stopped.
 */
final class ShareConsumerWorker extends ConsumerLoop {
    private final ShareConsumer<byte[], byte[]> consumer;
    private final String topic;
    private final ShareLatencies latencies;
    private final boolean explicit;
    private final double accept;
    private final double acceptOrRelease;
    private final long processingNanos;
    private final int deliveryCountLimit;
    private final FastRandom random;

    // This thread's tallies of measured records; read by the runner once the thread has ended.
    private long deliveries;
    private long redeliveries;
    private long redelivered;
    private long accepted;
    private long released;
    private long rejected;
    private long archived;
    private long acknowledgeErrors;

    // One poll's outcomes, applied when its commit succeeds. The latency buffer grows to the largest poll, then stays.
    private long[] acceptedLatencyMicros = new long[512];
    private int batchAccepted;
    private long batchRejected;
    private long batchArchived;
    private long batchSettledAll;
    private long batchSettledAllBytes;
    private long batchSettledMeasuredBytes;

    /** Kafka's share consumer with byte-array keys ({@link ConsumerFactory#KAFKA}). */
    static ShareConsumer<byte[], byte[]> kafkaShareConsumer(Map<String, Object> properties,
                                                            Deserializer<byte[]> valueDeserializer) {
        return new KafkaShareConsumer<>(properties, new ByteArrayDeserializer(), valueDeserializer);
    }

    /**
     * A consumer of {@code run}'s share group, its client from the run's consumer factory configured by
     * {@code clientProperties}; {@code deliveryCountLimit} is the group's, {@code latencies} the group's shared
     * recorders, {@code seed} picks how each measured record is acknowledged.
     */
    ShareConsumerWorker(LoadRun run, Map<String, Object> clientProperties, int deliveryCountLimit,
                        ShareLatencies latencies, long seed) {
        super(run);
        ShareSpec share = run.spec().consumers().shareOrDefaults();
        this.consumer = run.consumerFactory().shareConsumer(clientProperties, run.valueDeserializer());
        this.topic = run.topic();
        this.latencies = latencies;
        this.explicit = share.explicit();
        this.accept = explicit ? share.accept() : 1;
        this.acceptOrRelease = explicit ? share.accept() + share.release() : 1;
        this.processingNanos = share.processingNanos();
        this.deliveryCountLimit = deliveryCountLimit;
        this.random = new FastRandom(seed);
    }

    @Override
    void subscribe() {
        consumer.subscribe(List.of(topic));
    }

    @Override
    ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
        return consumer.poll(timeout);
    }

    @Override
    Map<String, Object> clientMetrics() {
        return ClientMetricNames.of(consumer.metrics());
    }

    @Override
    void close(Duration timeout) {
        consumer.close(timeout);
    }

    /** Each poll is processed, then its acknowledgements committed at once. */
    @Override
    void handle(ConsumerRecords<byte[], byte[]> records, long receivedNanos) {
        process(records, receivedNanos);
        commit();
    }

    /** The poll's return is when these records were delivered: one clock read serves them all for first delivery. */
    private void process(ConsumerRecords<byte[], byte[]> records, long receivedNanos) {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            long size = size(r);
            byte[] value = r.value();
            boolean measured = measured(value);
            // The Optional is the record's own field; reading it allocates nothing.
            Optional<Short> count = r.deliveryCount();
            int delivery = count.isPresent() ? count.get() : 1;
            if (processingNanos > 0) {
                LockSupport.parkNanos(processingNanos);
            }
            AcknowledgeType type = choose(measured);
            if (explicit) {
                consumer.acknowledge(r, type);
            }
            if (measured) {
                deliveries++;
                if (delivery == 1) {
                    recordEndToEnd(value, receivedNanos);
                } else {
                    redeliveries++;
                    redelivered += delivery == 2 ? 1 : 0;
                }
            }
            if (type == AcknowledgeType.RELEASE && delivery < deliveryCountLimit) {
                released += measured ? 1 : 0;
                continue;
            }
            batchSettledAll++;
            batchSettledAllBytes += size;
            if (!measured) {
                continue;
            }
            batchSettledMeasuredBytes += size;
            if (type == AcknowledgeType.ACCEPT) {
                long ackNanos = processingNanos > 0 ? clock.nanoTime() : receivedNanos;
                noteAccepted(Units.micros(ackNanos - Stamp.sendNanos(value)));
            } else if (type == AcknowledgeType.REJECT) {
                batchRejected++;
            } else {
                released++;
                batchArchived++;
            }
        }
    }

    /** Other runs' records and warm-up records are always accepted; measured ones by the configured fractions. */
    private AcknowledgeType choose(boolean measured) {
        if (!explicit || !measured) {
            return AcknowledgeType.ACCEPT;
        }
        double u = random.nextDouble();
        return u < accept ? AcknowledgeType.ACCEPT : u < acceptOrRelease ? AcknowledgeType.RELEASE : AcknowledgeType.REJECT;
    }

    private void noteAccepted(long latencyMicros) {
        if (batchAccepted == acceptedLatencyMicros.length) {
            acceptedLatencyMicros = java.util.Arrays.copyOf(acceptedLatencyMicros, batchAccepted * 2);
        }
        acceptedLatencyMicros[batchAccepted++] = latencyMicros;
    }

    /** Commits the poll's acknowledgements; only a commit that succeeded settles its records. */
    private void commit() {
        long start = clock.nanoTime();
        Map<TopicIdPartition, Optional<KafkaException>> results = consumer.commitSync();
        long end = clock.nanoTime();
        latencies.acknowledgeCommit.recordMicros(Units.micros(end - start));
        boolean failed = false;
        for (Optional<KafkaException> e : results.values()) {
            failed |= e.isPresent();
        }
        long settledMeasured = batchAccepted + batchRejected + batchArchived;
        if (failed) {
            // The acquisition locks were lost (expired or the broker moved): these records will be delivered again.
            acknowledgeErrors += settledMeasured;
        } else {
            for (int i = 0; i < batchAccepted; i++) {
                latencies.accepted.recordMicros(acceptedLatencyMicros[i]);
            }
            accepted += batchAccepted;
            rejected += batchRejected;
            archived += batchArchived;
            consumed(batchSettledAll, batchSettledAllBytes, settledMeasured, batchSettledMeasuredBytes, end);
        }
        batchAccepted = 0;
        batchRejected = 0;
        batchArchived = 0;
        batchSettledAll = 0;
        batchSettledAllBytes = 0;
        batchSettledMeasuredBytes = 0;
    }

    /** This consumer's tallies, once its thread has ended. */
    ShareTally tally() {
        return new ShareTally(deliveries, redeliveries, redelivered, accepted, released, rejected, archived,
                acknowledgeErrors);
    }

    /** One consumer's counts of measured records. */
    record ShareTally(long deliveries, long redeliveries, long redelivered, long accepted, long released,
                      long rejected, long archived, long acknowledgeErrors) {
    }
}
