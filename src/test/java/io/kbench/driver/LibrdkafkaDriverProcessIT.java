package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.spec.ClientKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kbench's own supervisor with the real librdkafka driver against a real embedded broker, as DriverProcessIT does for
 * franz-go: the workload's Java property names mapped by librdkafka's table ({@link DriverProperties}), a producer slice
 * through {@link DriverProcess}'s strict reading of ready, start, intervals, producers-finished and done, the driver's
 * counts equal to the broker's offsets, and its exit when kbench's end closes its standard input. The driver is taken
 * from kbench's build cache, as LibrdkafkaDriverIT explains; skipped until {@code ./kbench drivers build librdkafka}.
 */
@EmbeddedKafka
class LibrdkafkaDriverProcessIT {
    private static final int THREADS = 2;
    private static final long WARMUP = 50;
    private static final long MEASURED = 400;

    private static EmbeddedCluster cluster;
    private static DriverBinary driverBinary;

    @TempDir
    Path dir;

    @BeforeAll
    static void built() {
        Optional<DriverBinary> built = Toolchain.find(ClientKind.LIBRDKAFKA).present()
                ? DriverBuild.standard().built(ClientKind.LIBRDKAFKA) : Optional.empty();
        assumeTrue(built.isPresent(), "the librdkafka driver of these sources is not built: ./kbench drivers build librdkafka");
        driverBinary = built.get();
    }

    /** kbench's own side: the Java names mapped by librdkafka's table, the slice record, DriverProcess's strict events. */
    @Test
    void aProducerSliceRunsUnderKbenchsSupervisorAndItsCountsAreTheBrokers() throws Exception {
        String topic = "librdkafka-process";
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
        }
        List<String> values = new ArrayList<>();
        for (int g = 0; g < THREADS; g++) {
            values.add(DriverEvents.writeValues(dir.resolve("values-" + g + ".bin"), g).toString());
        }
        SliceProducers producers = SliceProducers.builder().threads(0, THREADS, THREADS).ratePerThread(1000)
                .warmup(List.of(WARMUP, WARMUP), 0, false).measuredRecords(List.of(MEASURED, MEASURED))
                .valuesFiles(values).build();
        Map<String, String> properties = DriverProperties.map(ClientKind.LIBRDKAFKA, DriverRole.PRODUCERS,
                Map.of("acks", "all", "linger.ms", "1", "buffer.memory", "33554432"),
                Map.of("bootstrap.servers", cluster.bootstrapServers()));
        assertThat(properties).containsEntry("queue.buffering.max.kbytes", "32768").containsEntry("partitioner", "murmur2_random");
        DriverSlice slice = new DriverSlice(DriverSlice.CONTRACT, "it", DriverRole.PRODUCERS, cluster.bootstrapServers(),
                topic, ThreadLocalRandom.current().nextInt() | 1, 0, 500_000_000L, properties, producers, null);
        long produced = 0;
        long measured = 0;
        Histogram publish = new Histogram(1, 3_600_000_000L, 3);
        DriverEvent.Done done = null;
        boolean finished = false;
        try (DriverProcess driver = DriverProcess.start(driverBinary, slice, dir.resolve("producers.log"))) {
            DriverEvent.Ready ready = driver.awaitReady(Duration.ofSeconds(30));
            assertThat(ready.pid()).isEqualTo(driver.pid());
            assertThat(ready.clientVersion()).isEqualTo("2.12.1");
            driver.send(DriverControl.start(System.nanoTime() + 200_000_000L));
            int nextIndex = 0;
            while (done == null) {
                DriverEvent e = driver.next(Duration.ofSeconds(60));
                assertThat(e).as("an event within 60 s").isNotNull();
                if (e instanceof DriverInterval i) {
                    assertThat(i.index()).isEqualTo(nextIndex++);
                    produced += i.counts().producedRecords();
                    measured += i.counts().producedMeasured();
                    publish.add(i.histograms().publishHistogram());
                } else if (e instanceof DriverEvent.ProducersFinished) {
                    finished = true;
                } else if (e instanceof DriverEvent.Done d) {
                    done = d;
                }
            }
            assertThat(driver.awaitExit(Duration.ofSeconds(10))).contains(0);
            assertThat(driver.failure()).isEmpty();
        }
        assertThat(finished).isTrue();
        assertThat(done.status()).isEqualTo(DriverEvent.Status.COMPLETED);
        assertThat(produced).isEqualTo(THREADS * (WARMUP + MEASURED));
        assertThat(measured).isEqualTo(THREADS * MEASURED);
        assertThat(publish.getTotalCount()).isEqualTo(THREADS * MEASURED);
        try (var consumer = new KafkaConsumer<byte[], byte[]>(Map.of(
                "bootstrap.servers", cluster.bootstrapServers(),
                "key.deserializer", ByteArrayDeserializer.class,
                "value.deserializer", ByteArrayDeserializer.class))) {
            List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1));
            long offsets = consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
            assertThat(offsets).as("the driver's counts are the broker's").isEqualTo(produced);
        }
    }

    @Test
    void theDriverExitsWhenItsStandardInputEndsAsAtKbenchsDeath() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("librdkafka-eof", 1, (short) 1))).all().get();
        }
        DriverSlice slice = new DriverSlice(DriverSlice.CONTRACT, "it-eof", DriverRole.CONSUMERS, cluster.bootstrapServers(),
                "librdkafka-eof", 7, 0, 1_000_000_000L, Map.of(), null, new DriverSlice.SliceConsumers(0, 1, "it-eof"));
        try (DriverProcess driver = DriverProcess.start(driverBinary, slice, dir.resolve("consumers.log"))) {
            driver.awaitReady(Duration.ofSeconds(30));
            driver.closeInput();
            assertThat(driver.awaitExit(Duration.ofSeconds(10))).as("exits at once, status 1").contains(1);
            assertThat(driver.alive()).isFalse();
        }
    }
}
