package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.spec.ClientKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kbench's own supervisor with a real driver against a real embedded broker: the workload's Java property names mapped
 * by the client's table ({@link DriverProperties}), a producer slice through {@link DriverProcess}'s strict reading of
 * ready, start, intervals, producers-finished and done, the driver's counts equal to the broker's offsets, and its exit
 * when kbench's end closes its standard input. Each client's class says where its driver comes from.
 */
abstract class DriverSupervision {
    private static final int THREADS = 2;
    private static final long WARMUP = 50;
    private static final long MEASURED = 400;

    private static EmbeddedCluster cluster;

    @TempDir
    Path dir;

    /** The client whose driver runs. */
    abstract ClientKind kind();

    /** Its driver, built or found by the subclass's {@code @BeforeAll}. */
    abstract DriverBinary driverBinary();

    /** The version its driver must report: the library's own. */
    abstract String clientVersion();

    /** The workload's producer properties in Java's names, and what the client's table must map them to. */
    abstract Map<String, String> javaProperties();

    /** Checks the driver's names the table gave. */
    abstract void checkMapped(Map<String, String> mapped);

    /** kbench's own side: the Java names mapped by the client's table, the slice record, DriverProcess's strict events. */
    @Test
    void aProducerSliceRunsUnderKbenchsSupervisorAndItsCountsAreTheBrokers() throws Exception {
        String topic = kind().text() + "-process";
        createTopic(topic, 2);
        List<String> values = new ArrayList<>();
        for (int g = 0; g < THREADS; g++) {
            values.add(DriverEvents.writeValues(dir.resolve("values-" + g + ".bin"), g).toString());
        }
        SliceProducers producers = SliceProducers.builder().threads(0, THREADS, THREADS).ratePerThread(1000)
                .warmup(List.of(WARMUP, WARMUP), 0, false).measuredRecords(List.of(MEASURED, MEASURED))
                .valuesFiles(values).build();
        Map<String, String> properties = DriverProperties.map(kind(), DriverRole.PRODUCERS, javaProperties(),
                Map.of("bootstrap.servers", cluster.bootstrapServers()));
        checkMapped(properties);
        DriverSlice slice = new DriverSlice(DriverSlice.CONTRACT, "it", DriverRole.PRODUCERS, cluster.bootstrapServers(),
                topic, ThreadLocalRandom.current().nextInt() | 1, 0, 500_000_000L, properties, producers, null);
        long produced = 0;
        long measured = 0;
        Histogram publish = new Histogram(1, 3_600_000_000L, 3);
        DriverEvent.Done done = null;
        boolean finished = false;
        try (DriverProcess driver = DriverProcess.start(driverBinary(), slice, dir.resolve("producers.log"))) {
            DriverEvent.Ready ready = driver.awaitReady(Duration.ofSeconds(30));
            assertThat(ready.pid()).isEqualTo(driver.pid());
            assertThat(ready.clientVersion()).isEqualTo(clientVersion());
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
        createTopic(kind().text() + "-eof", 1);
        DriverSlice slice = new DriverSlice(DriverSlice.CONTRACT, "it-eof", DriverRole.CONSUMERS, cluster.bootstrapServers(),
                kind().text() + "-eof", 7, 0, 1_000_000_000L, Map.of(), null, new DriverSlice.SliceConsumers(0, 1, "it-eof"));
        try (DriverProcess driver = DriverProcess.start(driverBinary(), slice, dir.resolve("consumers.log"))) {
            driver.awaitReady(Duration.ofSeconds(30));
            driver.closeInput();
            assertThat(driver.awaitExit(Duration.ofSeconds(10))).as("exits at once, status 1").contains(1);
            assertThat(driver.alive()).isFalse();
        }
    }

    /**
     * Creates the topic and waits until a client's metadata has every partition with a leader: a driver that asks for
     * the topic at once may otherwise find it missing (librdkafka's: "topic ... does not exist", 2026-11-29).
     */
    private static void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
        try (var consumer = new KafkaConsumer<byte[], byte[]>(Map.of("bootstrap.servers", cluster.bootstrapServers(),
                "key.deserializer", ByteArrayDeserializer.class, "value.deserializer", ByteArrayDeserializer.class))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (true) {
                var infos = consumer.partitionsFor(topic, Duration.ofSeconds(5));
                if (infos.size() == partitions && infos.stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
                    return;
                }
                assertThat(System.nanoTime()).as("topic %s visible with leaders", topic).isLessThan(deadline);
                Thread.sleep(100);
            }
        }
    }
}
