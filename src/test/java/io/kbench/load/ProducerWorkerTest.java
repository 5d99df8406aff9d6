package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.client.ClientProperties;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.PartitionStats;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The send loop without a broker: a {@link MockProducer} through the run's producer factory. */
class ProducerWorkerTest {
    private static final int MAGIC = 0x5eed_0001;
    /** A small buffer.memory keeps the pre-built callback pool small (it is sized from it). */
    private static final Map<String, Object> PROPERTIES = Map.of("buffer.memory", 4096L);
    private static final WorkloadSpec SPEC = new SpecLoader().load(null, List.of());

    private final RunMetrics metrics = new RunMetrics(null, 0);
    private final PartitionBreakdown breakdown = new PartitionBreakdown(1, PartitionLatency.PUBLISH, false);
    /** Every call of the factory: the properties it was given. */
    private final List<Map<String, Object>> created = new ArrayList<>();

    @AfterEach
    void close() {
        metrics.close();
    }

    private ProducerWorker worker(ProducerPlan plan, long startNanos, MockProducer<byte[], byte[]> mock) {
        return worker(SPEC, plan, startNanos, mock);
    }

    private ProducerWorker worker(WorkloadSpec spec, ProducerPlan plan, long startNanos, MockProducer<byte[], byte[]> mock) {
        LoadRun run = LoadRun.builder().spec(spec).clients(new ClientProperties(Map.of())).consumerGroup("g")
                .producerFactory((properties, valueSerializer) -> {
                    created.add(properties);
                    return (Producer<byte[], byte[]>) mock;
                })
                .stop(new StopSignal(NanoClock.SYSTEM)).stampMagic(MAGIC).metrics(metrics).breakdown(breakdown)
                .out(new PrintStream(OutputStream.nullOutputStream())).build();
        byte[][] values = {new byte[100]};
        return new ProducerWorker(run, plan, PROPERTIES, values, new KeyPool(spec.producers().keys()), startNanos, null,
                null);
    }

    private static ProducerPlan plan(double recordsPerSec, long warmupRecords, long measuredRecords) {
        return new ProducerPlan("t", recordsPerSec, 0.25, warmupRecords, Duration.ZERO, measuredRecords, null, 7, List.of(), 1);
    }

    private long count(LatencyMetric metric) {
        return metrics.latency(metric).rollInterval(0, 1, true).count();
    }

    @Test
    void aFixedRateSendsTheWarmupAndMeasuredRecordsOnTheSchedule() {
        MockProducer<byte[], byte[]> mock = new MockProducer<>(true, null, new ByteArraySerializer(),
                new ByteArraySerializer());
        long start = System.nanoTime();
        RateSchedule schedule = new RateSchedule(20_000, start, 0.25);
        ProducerWorker worker = worker(plan(20_000, 10, 50), start, mock);

        worker.run();

        assertThat(created).as("one client, from the factory, with the worker's properties")
                .containsExactly(PROPERTIES);
        assertThat(worker.failure()).isNull();
        assertThat(mock.history()).hasSize(60);
        assertThat(mock.closed()).isTrue();
        assertThat(System.nanoTime()).as("paced: the last record is not sent before it is due")
                .isGreaterThanOrEqualTo(schedule.intendedSendNanos(59));
        assertThat(worker.firstMeasuredSendNanos()).as("the 11th record is the first measured one")
                .isEqualTo(schedule.intendedSendNanos(10));
        // One value array is reused: it holds the last record's stamp, its intended (not actual) send time.
        byte[] last = mock.history().get(59).value();
        assertThat(Stamp.isOurs(last, MAGIC)).isTrue();
        assertThat(Stamp.isMeasured(last)).isTrue();
        assertThat(Stamp.sendNanos(last)).isEqualTo(schedule.intendedSendNanos(59));
        assertThat(metrics.producedAll.records()).isEqualTo(60);
        assertThat(metrics.producedMeasured.records()).isEqualTo(50);
        assertThat(metrics.producedMeasured.bytes()).isEqualTo(50 * 100);
        assertThat(metrics.produceErrors.total()).isZero();
        assertThat(count(LatencyMetric.PUBLISH)).isEqualTo(50);
        assertThat(count(LatencyMetric.SEND_DELAY)).as("a fixed rate records each measured send's delay").isEqualTo(50);
        PartitionStats partition = breakdown.result(List.of(), 0).partitions().get(0);
        assertThat(partition.producedRecords()).isEqualTo(50);
        assertThat(partition.latencyMicros().count()).isEqualTo(50);
    }

    @Test
    void failedSendsCountAsErrorsNotAsProduced() {
        // Not auto-completing: the records stay in flight until the final flush, which first fails the 3 oldest.
        MockProducer<byte[], byte[]> mock = new MockProducer<>(false, null, new ByteArraySerializer(),
                new ByteArraySerializer()) {
            @Override
            public synchronized void flush() {
                for (int i = 0; i < 3; i++) {
                    assertThat(errorNext(new NotEnoughReplicasException("isr too small"))).isTrue();
                }
                super.flush();
            }
        };
        ProducerWorker worker = worker(plan(0, 0, 20), System.nanoTime(), mock);

        worker.run();

        assertThat(worker.failure()).as("a failed send is counted, it does not end the producer").isNull();
        assertThat(mock.history()).hasSize(20);
        assertThat(metrics.produceErrors.total()).isEqualTo(3);
        assertThat(metrics.produceErrors.byType()).containsExactly(Map.entry("NotEnoughReplicasException", 3L));
        assertThat(metrics.warmupProduceErrors.total()).isZero();
        assertThat(metrics.producedMeasured.records()).isEqualTo(17);
        assertThat(metrics.producedAll.records()).isEqualTo(17);
        assertThat(count(LatencyMetric.PUBLISH)).as("only acknowledged records have a latency").isEqualTo(17);
        assertThat(count(LatencyMetric.SEND_DELAY)).as("an unlimited rate has no schedule to be late for").isZero();
        assertThat(breakdown.result(List.of(), 0).partitions().get(0).producedRecords()).isEqualTo(17);
    }

    @Test
    void warmupFailuresAreKeptApart() {
        MockProducer<byte[], byte[]> mock = new MockProducer<>(false, null, new ByteArraySerializer(),
                new ByteArraySerializer()) {
            @Override
            public synchronized void flush() {
                errorNext(new NotEnoughReplicasException("isr too small"));
                super.flush();
            }
        };
        ProducerWorker worker = worker(plan(0, 5, 5), System.nanoTime(), mock);

        worker.run();

        assertThat(metrics.warmupProduceErrors.total()).as("the oldest record was a warm-up one").isEqualTo(1);
        assertThat(metrics.produceErrors.total()).isZero();
        assertThat(metrics.producedAll.records()).isEqualTo(9);
        assertThat(metrics.producedMeasured.records()).isEqualTo(5);
    }

    @Test
    void monotonicValuesAreEachRecordsNumberAsDecimalTextWarmUpIncluded() {
        WorkloadSpec monotonic = new SpecLoader().load(null,
                List.of("consumers.mode=none", "producers.payload={type: monotonic}"));
        MockProducer<byte[], byte[]> mock = new MockProducer<>(true, null, new ByteArraySerializer(),
                new ByteArraySerializer());
        ProducerWorker worker = worker(monotonic, plan(0, 2, 10), System.nanoTime(), mock);

        worker.run();

        assertThat(worker.failure()).isNull();
        assertThat(mock.history().stream().map(r -> new String(r.value(), StandardCharsets.US_ASCII)).toList())
                .as("kafka-producer-perf-test --payload-monotonic: 0, 1, 2, ... from the first record sent")
                .containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11");
    }
}
