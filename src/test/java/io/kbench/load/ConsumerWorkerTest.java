package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.client.ClientProperties;
import io.kbench.measure.ConsumerTally;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.PartitionLatency;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The poll loop without a broker: a {@link MockConsumer} through the run's consumer factory. */
class ConsumerWorkerTest {
    private static final int MAGIC = 0x5eed_0003;
    private static final long LATENCY_NANOS = 5_000_000;
    private static final WorkloadSpec SPEC = new SpecLoader().load(null, List.of());
    private static final TopicPartition PARTITION = new TopicPartition(SPEC.topic().name(), 0);

    private final RunMetrics metrics = new RunMetrics(null, 0);
    private final PartitionBreakdown breakdown = new PartitionBreakdown(1, PartitionLatency.END_TO_END, true);
    private final ConsumerTally tally = new ConsumerTally(0, breakdown, null);
    private final AtomicInteger assigned = new AtomicInteger();
    private final MockConsumer<byte[], byte[]> mock = new MockConsumer<>("earliest");

    @AfterEach
    void close() {
        metrics.close();
    }

    private ConsumerWorker worker(ReadMode mode) {
        LoadRun run = LoadRun.builder().spec(SPEC).clients(new ClientProperties(Map.of())).consumerGroup("g")
                .consumerFactory(new ConsumerFactory() {
                    @Override
                    public MockConsumer<byte[], byte[]> consumer(Map<String, Object> properties,
                                                                 Deserializer<byte[]> values) {
                        return mock;
                    }

                    @Override
                    public ShareConsumer<byte[], byte[]> shareConsumer(Map<String, Object> properties,
                                                                       Deserializer<byte[]> values) {
                        throw new UnsupportedOperationException();
                    }
                })
                .stop(new StopSignal(NanoClock.SYSTEM)).stampMagic(MAGIC).metrics(metrics).breakdown(breakdown)
                .out(new PrintStream(OutputStream.nullOutputStream())).build();
        return new ConsumerWorker(run, mode, Map.of(), null, assigned, tally);
    }

    private static ConsumerRecord<byte[], byte[]> record(long offset, int magic, boolean measured) {
        byte[] value = new byte[100];
        Stamp.write(value, magic, measured, System.nanoTime() - LATENCY_NANOS);
        return new ConsumerRecord<>(PARTITION.topic(), 0, offset, 0L, TimestampType.CREATE_TIME, 0, value.length, null,
                value, new RecordHeaders(), Optional.empty());
    }

    /** Assigns the partition and hands over two measured records, a warm-up one and another run's, then stops. */
    private void runOnePoll(ConsumerWorker worker) {
        mock.updateBeginningOffsets(Map.of(PARTITION, 0L));
        mock.schedulePollTask(() -> {
            mock.rebalance(List.of(PARTITION));
            mock.addRecord(record(0, MAGIC, true));
            mock.addRecord(record(1, MAGIC, false));
            mock.addRecord(record(2, MAGIC ^ 2, true));
            mock.addRecord(record(3, MAGIC, true));
        });
        mock.schedulePollTask(worker::requestStop);
        worker.run();
    }

    @Test
    void liveConsumersRecordTheEndToEndLatencyOfThisRunsMeasuredRecordsOnly() {
        ConsumerWorker worker = worker(ReadMode.LIVE);

        runOnePoll(worker);

        assertThat(worker.failure()).isNull();
        assertThat(mock.closed()).isTrue();
        assertThat(assigned.get()).as("the rebalance listener counted the assignment").isEqualTo(1);
        assertThat(metrics.consumedAll.records()).isEqualTo(4);
        assertThat(metrics.consumedAll.bytes()).isEqualTo(400);
        assertThat(metrics.consumedMeasured.records()).isEqualTo(2);
        LatencyStats endToEnd = metrics.latency(LatencyMetric.END_TO_END).rollInterval(0, 1, true);
        assertThat(endToEnd.count()).isEqualTo(2);
        assertThat(endToEnd.p50()).as("from the stamp's send time, in microseconds")
                .isGreaterThanOrEqualTo(LATENCY_NANOS / 1000);
        LoadBreakdown result = breakdown.result(List.of(tally), 1);
        assertThat(result.partitions().get(0).consumedRecords()).isEqualTo(2);
        assertThat(result.consumers().get(0).records()).isEqualTo(2);
        assertThat(worker.firstRecordNanos()).isNotEqualTo(Long.MAX_VALUE);
    }

    @Test
    void backlogConsumersCountEveryRecordAndReadNoStamp() {
        ConsumerWorker worker = worker(ReadMode.BACKLOG);

        runOnePoll(worker);

        assertThat(worker.failure()).isNull();
        assertThat(metrics.consumedAll.records()).isEqualTo(4);
        assertThat(metrics.consumedMeasured.records()).as("a backlog counts every record it reads").isEqualTo(4);
        assertThat(metrics.latency(LatencyMetric.END_TO_END).rollInterval(0, 1, true).count()).isZero();
        assertThat(breakdown.result(List.of(tally), 1).partitions().get(0).consumedRecords()).isEqualTo(4);
    }

    @Test
    void aBacklogConsumerStopsItselfAfterThePollThatReachesItsReadLimit() {
        ConsumerWorker worker = worker(ReadMode.BACKLOG);
        worker.stopAt(new ReadLimit(metrics.consumedMeasured, 3));
        mock.updateBeginningOffsets(Map.of(PARTITION, 0L));
        mock.schedulePollTask(() -> {
            mock.rebalance(List.of(PARTITION));
            for (int i = 0; i < 4; i++) {
                mock.addRecord(record(i, MAGIC, true));
            }
        });
        // Were the limit not checked after each poll, this poll would read 4 more before the stop below.
        mock.schedulePollTask(() -> {
            for (int i = 4; i < 8; i++) {
                mock.addRecord(record(i, MAGIC, true));
            }
        });
        mock.schedulePollTask(worker::requestStop);

        worker.run();

        assertThat(worker.failure()).isNull();
        assertThat(mock.closed()).isTrue();
        assertThat(metrics.consumedMeasured.records())
                .as("the whole poll that reached the limit is counted, and no poll after it").isEqualTo(4);
    }

    @Test
    void aConsumerWithoutAReadLimitReadsUntilStopped() {
        ConsumerWorker worker = worker(ReadMode.BACKLOG);
        mock.updateBeginningOffsets(Map.of(PARTITION, 0L));
        mock.schedulePollTask(() -> {
            mock.rebalance(List.of(PARTITION));
            mock.addRecord(record(0, MAGIC, true));
        });
        mock.schedulePollTask(() -> mock.addRecord(record(1, MAGIC, true)));
        mock.schedulePollTask(worker::requestStop);

        worker.run();

        assertThat(metrics.consumedMeasured.records()).isEqualTo(2);
    }
}
