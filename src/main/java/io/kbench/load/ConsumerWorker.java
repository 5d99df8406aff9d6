package io.kbench.load;

import io.kbench.measure.ConsumerTally;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.PartitionGaps;
import io.kbench.measure.RunMetrics;
import io.kbench.unit.Units;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * One consumer thread with its own KafkaConsumer. Live mode records end-to-end latency from the stamp
 * the producer embedded; backlog mode counts every record it reads. Counting is per poll, not per record.
 */
final class ConsumerWorker implements Runnable {
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    /** How long close may take (offset commit, leaving the group) at the end of a run. */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /** The same after Ctrl-C, when the cluster may be going away and the result is waiting. */
    private static final Duration STOP_NOW_CLOSE_TIMEOUT = Duration.ofSeconds(2);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String topic;
    private final Pattern topicPattern;
    private final boolean live;
    private final int stampMagic;
    private final RunMetrics metrics;
    private final NanoClock clock;
    private final AtomicInteger assignedPartitions;
    /** This consumer's measured records per partition and its own figures (issue 16 breakdown). */
    private final ConsumerTally tally;
    private volatile boolean stopRequested;
    private volatile boolean stopNow;
    private volatile long firstRecordNanos = Long.MAX_VALUE;
    private volatile long lastRecordNanos = Long.MIN_VALUE;
    /** Group-join time as kafka-consumer-perf-test counts it: (re)subscribe or revocation until assignment. */
    private volatile long rebalanceMillis;
    private long joinStartMillis;
    private volatile Throwable failure;
    /** Where each poll's partitions are noted for rebalance gaps (consumers.changes), or null; set while it runs. */
    private volatile PartitionGaps gaps;

    /** {@code topicPattern} non-null: subscribe to every topic it matches instead of {@code topic}. */
    ConsumerWorker(Map<String, Object> clientProperties, String topic, Pattern topicPattern, boolean live, int stampMagic,
                   RunMetrics metrics, NanoClock clock, AtomicInteger assignedPartitions) {
        this(clientProperties, topic, topicPattern, live, stampMagic, metrics, clock, assignedPartitions,
                new ByteArrayDeserializer());
    }

    /** {@code valueDeserializer}: what turns the record's bytes into the value (e.g. payload decryption). */
    ConsumerWorker(Map<String, Object> clientProperties, String topic, Pattern topicPattern, boolean live, int stampMagic,
                   RunMetrics metrics, NanoClock clock, AtomicInteger assignedPartitions,
                   Deserializer<byte[]> valueDeserializer) {
        this(clientProperties, topic, topicPattern, live, stampMagic, metrics, clock, assignedPartitions,
                valueDeserializer, ConsumerTally.NONE);
    }

    /** {@code tally}: where this consumer's per-partition and own figures go. */
    ConsumerWorker(Map<String, Object> clientProperties, String topic, Pattern topicPattern, boolean live, int stampMagic,
                   RunMetrics metrics, NanoClock clock, AtomicInteger assignedPartitions,
                   Deserializer<byte[]> valueDeserializer, ConsumerTally tally) {
        this.tally = tally;
        this.consumer = new KafkaConsumer<>(clientProperties, new ByteArrayDeserializer(), valueDeserializer);
        this.topic = topic;
        this.topicPattern = topicPattern;
        this.live = live;
        this.stampMagic = stampMagic;
        this.metrics = metrics;
        this.clock = clock;
        this.assignedPartitions = assignedPartitions;
    }

    @Override
    public void run() {
        try {
            joinStartMillis = System.currentTimeMillis();
            if (topicPattern != null) {
                consumer.subscribe(topicPattern, new AssignmentTracker());
            } else {
                consumer.subscribe(List.of(topic), new AssignmentTracker());
            }
            while (!stopRequested) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL_TIMEOUT);
                if (!records.isEmpty()) {
                    account(records, clock.nanoTime());
                }
            }
        } catch (org.apache.kafka.common.errors.InterruptException | org.apache.kafka.common.errors.WakeupException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(
                    stopNow ? STOP_NOW_CLOSE_TIMEOUT : CLOSE_TIMEOUT));
        }
    }

    /** The poll's return is when these records reached the application: one clock read serves them all. */
    private void account(ConsumerRecords<byte[], byte[]> records, long receivedNanos) {
        long count = 0;
        long bytes = 0;
        long measuredCount = 0;
        long measuredBytes = 0;
        long aborted = 0;
        int partition = -1;
        long partitionMaxMicros = 0;
        PartitionGaps gaps = this.gaps;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            if (gaps != null && r.partition() != partition) {
                // Records come grouped by partition: one note per partition per poll.
                if (partition >= 0) {
                    gaps.polled(partition, receivedNanos, partitionMaxMicros);
                }
                partition = r.partition();
                partitionMaxMicros = 0;
            }
            int size = Math.max(0, r.serializedValueSize()) + Math.max(0, r.serializedKeySize());
            count++;
            bytes += size;
            byte[] value = r.value();
            if (Stamp.isAborted(value, stampMagic)) {
                aborted++;
            }
            if (!live) {
                measuredCount++;
                measuredBytes += size;
                tally.record(r.partition(), -1);
            } else if (Stamp.isOurs(value, stampMagic) && Stamp.isMeasured(value)) {
                long e2eMicros = Units.micros(receivedNanos - Stamp.sendNanos(value));
                metrics.latency(LatencyMetric.END_TO_END).recorder().recordMicros(e2eMicros);
                tally.record(r.partition(), e2eMicros);
                partitionMaxMicros = Math.max(partitionMaxMicros, e2eMicros);
                measuredCount++;
                measuredBytes += size;
            }
        }
        tally.polled(measuredCount, measuredBytes, aborted);
        if (gaps != null && partition >= 0) {
            gaps.polled(partition, receivedNanos, partitionMaxMicros);
        }
        metrics.consumedAll.add(count, bytes);
        if (measuredCount > 0) {
            metrics.consumedMeasured.add(measuredCount, measuredBytes);
            if (firstRecordNanos == Long.MAX_VALUE) {
                firstRecordNanos = receivedNanos;
            }
            lastRecordNanos = receivedNanos;
        }
    }

    /** Notes each later poll's partitions in {@code partitionGaps}. */
    void trackGaps(PartitionGaps partitionGaps) {
        this.gaps = partitionGaps;
    }

    void requestStop() {
        stopRequested = true;
    }

    /** Whether no stop was requested yet. */
    boolean running() {
        return !stopRequested;
    }

    /** Stops like {@link #requestStop}, with a shorter close: the run was interrupted. */
    void stopNow() {
        stopNow = true;
        stopRequested = true;
    }

    long firstRecordNanos() {
        return firstRecordNanos;
    }

    long lastRecordNanos() {
        return lastRecordNanos;
    }

    long rebalanceMillis() {
        return rebalanceMillis;
    }

    Throwable failure() {
        return failure;
    }

    /** Resolves each new partition's start position at once, so no record sent after "ready" is skipped. */
    private final class AssignmentTracker implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            for (TopicPartition tp : partitions) {
                consumer.position(tp);
            }
            assignedPartitions.addAndGet(partitions.size());
            // Only the poll thread runs these callbacks, so the plain read-modify-write of the volatile is safe.
            rebalanceMillis = rebalanceMillis + System.currentTimeMillis() - joinStartMillis;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            joinStartMillis = System.currentTimeMillis();
            assignedPartitions.addAndGet(-partitions.size());
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            assignedPartitions.addAndGet(-partitions.size());
        }
    }
}
