package io.kbench.load;

import io.kbench.measure.ConsumerTally;
import io.kbench.measure.PartitionGaps;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * One consumer-group consumer thread with its own consumer client. Live mode records end-to-end latency from the stamp
 * the producer embedded; backlog mode counts every record it reads. Counting is per poll, not per record.
 */
final class ConsumerWorker extends ConsumerLoop {
    private final Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final Pattern topicPattern;
    private final ReadMode mode;
    private final AtomicInteger assignedPartitions;
    /** This consumer's measured records per partition and its own figures (issue 16 breakdown). */
    private final ConsumerTally tally;
    /** Group-join time as kafka-consumer-perf-test counts it: (re)subscribe or revocation until assignment. */
    private volatile long rebalanceMillis;
    private long joinStartMillis;
    /** Where each poll's partitions are noted for rebalance gaps (consumers.changes), or null; set while it runs. */
    private volatile PartitionGaps gaps;
    /** Whether a backlog phase wants this consumer paused (consumers.pause); applied before the next poll. */
    private volatile boolean pauseWanted;
    /** Whether its partitions are paused; read and written on the poll thread only. */
    private boolean paused;

    /**
     * A consumer of {@code run}'s group, its client from the run's consumer factory configured by
     * {@code clientProperties}; {@code topicPattern} non-null: subscribe to every topic it matches instead of the run's
     * topic; {@code assignedPartitions} counts the partitions all group consumers hold; {@code tally}: where this
     * consumer's per-partition and own figures go.
     */
    ConsumerWorker(LoadRun run, ReadMode mode, Map<String, Object> clientProperties, Pattern topicPattern,
                   AtomicInteger assignedPartitions, ConsumerTally tally) {
        super(run);
        this.tally = tally;
        this.consumer = run.consumerFactory().consumer(clientProperties, run.valueDeserializer());
        this.topic = run.topic();
        this.topicPattern = topicPattern;
        this.mode = mode;
        this.assignedPartitions = assignedPartitions;
    }

    @Override
    void subscribe() {
        joinStartMillis = System.currentTimeMillis();
        if (topicPattern != null) {
            consumer.subscribe(topicPattern, new AssignmentTracker());
        } else {
            consumer.subscribe(List.of(topic), new AssignmentTracker());
        }
    }

    @Override
    void beforePoll() {
        boolean want = pauseWanted;
        if (want != paused) {
            // KafkaConsumer is single-threaded: pause and resume happen here, on the poll thread. A paused consumer
            // keeps polling (empty polls), so it stays in the group and keeps its partitions.
            if (want) {
                consumer.pause(consumer.assignment());
            } else {
                consumer.resume(consumer.paused());
            }
            paused = want;
        }
    }

    /** Pauses or resumes fetching of all assigned partitions, from the next poll on. */
    void fetching(FetchState state) {
        pauseWanted = state == FetchState.PAUSED;
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
        ClientCompat.close(consumer, timeout);
    }

    @Override
    void handle(ConsumerRecords<byte[], byte[]> records, long receivedNanos) {
        long count = 0;
        long bytes = 0;
        long measuredCount = 0;
        long measuredBytes = 0;
        long aborted = 0;
        int partition = -1;
        long partitionMaxMicros = 0;
        PartitionGaps gaps = this.gaps;
        boolean countAborted = tally.countsAborted();
        // Backlog mode: records come grouped by partition, so each partition's run is counted once, not per record.
        int runPartition = -1;
        long runCount = 0;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            if (gaps != null && r.partition() != partition) {
                // Records come grouped by partition: one note per partition per poll.
                if (partition >= 0) {
                    gaps.polled(partition, receivedNanos, partitionMaxMicros);
                }
                partition = r.partition();
                partitionMaxMicros = 0;
            }
            long size = size(r);
            count++;
            bytes += size;
            byte[] value = r.value();
            // Without transactional producers nothing is aborted: the stamp is not read (the stock tool reads nothing).
            if (countAborted && aborted(value)) {
                aborted++;
            }
            if (mode == ReadMode.BACKLOG) {
                measuredCount++;
                measuredBytes += size;
                if (r.partition() != runPartition) {
                    tally.records(runPartition, runCount);
                    runPartition = r.partition();
                    runCount = 0;
                }
                runCount++;
            } else if (measured(value)) {
                long e2eMicros = recordEndToEnd(value, receivedNanos);
                tally.record(r.partition(), e2eMicros);
                partitionMaxMicros = Math.max(partitionMaxMicros, e2eMicros);
                measuredCount++;
                measuredBytes += size;
            }
        }
        tally.records(runPartition, runCount);
        tally.polled(measuredCount, measuredBytes, aborted);
        if (gaps != null && partition >= 0) {
            gaps.polled(partition, receivedNanos, partitionMaxMicros);
        }
        consumed(count, bytes, measuredCount, measuredBytes, receivedNanos);
    }

    /** Notes each later poll's partitions in {@code partitionGaps}. */
    void trackGaps(PartitionGaps partitionGaps) {
        this.gaps = partitionGaps;
    }

    long rebalanceMillis() {
        return rebalanceMillis;
    }

    /** Resolves each new partition's start position at once, so no record sent after "ready" is skipped. */
    private final class AssignmentTracker implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            for (TopicPartition tp : partitions) {
                consumer.position(tp);
            }
            if (paused) {
                // Partitions that arrive by a rebalance during a pause stay paused like the others.
                consumer.pause(partitions);
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
