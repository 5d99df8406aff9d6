package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.load.Stamp;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One driver of docs/drivers.md against a real embedded broker, spoken to by the contract by hand, as kbench does: its
 * records are read by a Java consumer with kbench's own {@link Stamp}, their end-to-end latency on the JVM's clock is a
 * latency (a driver's clock is CLOCK_MONOTONIC, as System.nanoTime), and the broker's end offsets grew by exactly the
 * records the driver counted; the other way round, its consumers measure a Java producer's records; and it exits at
 * once when its standard input ends. Each client's class says where its driver comes from and its own property names.
 */
abstract class DriverRoundTrip {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int THREADS = 2;
    private static final int WARMUP = 100;
    private static final int MEASURED = 1000;

    private static EmbeddedCluster cluster;

    @TempDir
    Path dir;

    /** The client's name as the driver writes it in its messages: franz-go, librdkafka. */
    abstract String client();

    /** The driver's executable, built or found by the subclass's {@code @BeforeAll}. */
    abstract Path binary();

    /** Producer properties in the driver's own names: acks all, a short linger, keys placed as Java places them. */
    abstract Map<String, String> producerProperties();

    /** Consumer properties in the driver's own names: a 100 ms fetch wait. */
    abstract Map<String, String> consumerProperties();

    @Test
    void aJavaConsumerReadsTheDriversRecordsWithTheirEndToEndLatency() throws Exception {
        String topic = client() + "-e2e";
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get();
        }
        int magic = ThreadLocalRandom.current().nextInt() | 1;
        List<String> valuesFiles = new ArrayList<>();
        for (int g = 0; g < THREADS; g++) {
            valuesFiles.add(DriverEvents.writeValues(dir.resolve("values-" + g + ".bin"), g).toString());
        }
        Path sendLogs = Files.createDirectories(dir.resolve("sendlogs"));
        Map<String, Object> fields = new LinkedHashMap<>(Map.of("contract", 1, "runId", "it", "role", "producers",
                "bootstrap", cluster.bootstrapServers(), "topic", topic, "stampMagic", magic, "clockOffsetNanos", 0,
                "intervalNanos", 500_000_000L, "clientProperties", producerProperties(),
                "producers", producers(valuesFiles, sendLogs)));
        fields.put("consumers", null);
        String slice = JSON.writeValueAsString(fields);

        try (KafkaConsumer<byte[], byte[]> consumer = consumer(topic)) {
            List<TopicPartition> partitions = List.copyOf(consumer.assignment());
            long startOffsets = consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
            Process driver = new ProcessBuilder(binary().toString(), "run")
                    .redirectError(dir.resolve("driver.log").toFile()).start();
            try {
                OutputStream stdin = driver.getOutputStream();
                BufferedReader events = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8));
                long before = System.nanoTime();
                stdin.write((slice + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                JsonNode ready = DriverEvents.next(events, driver);
                long after = System.nanoTime();
                assertThat(ready.get("type").asText()).isEqualTo("ready");
                assertThat(ready.get("nanos").asLong()).as("the driver's clock is the JVM's").isBetween(before, after);
                long start = System.nanoTime() + 300_000_000L;
                stdin.write(("{\"type\":\"start\",\"startNanos\":" + start + "}\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();

                Histogram endToEnd = new Histogram(1, 3_600_000_000L, 3);
                Set<Long> ids = new HashSet<>();
                long measured = 0;
                long ours = 0;
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (ours < THREADS * (WARMUP + MEASURED) && System.nanoTime() < deadline) {
                    var records = consumer.poll(Duration.ofMillis(100));
                    long received = System.nanoTime();
                    for (ConsumerRecord<byte[], byte[]> r : records) {
                        if (!Stamp.isOurs(r.value(), magic)) {
                            continue;
                        }
                        ours++;
                        assertThat(ids.add(((long) Stamp.producer(r.value()) << 40) | Stamp.sequence(r.value())))
                                .as("record id once").isTrue();
                        if (Stamp.isMeasured(r.value())) {
                            measured++;
                            long e2e = received - Stamp.sendNanos(r.value());
                            // A driver on another clock is years off (CLOCK_REALTIME) or at least not positive; the
                            // bound is loose because this 2-core machine under a parallel suite delays a record by seconds.
                            assertThat(e2e).as("end-to-end nanos of a record intended after the start").isPositive()
                                    .isLessThan(Duration.ofSeconds(60).toNanos());
                            assertThat(Stamp.sendNanos(r.value())).isGreaterThanOrEqualTo(start);
                            endToEnd.recordValue(e2e / 1000);
                        }
                    }
                }
                assertThat(ours).isEqualTo(THREADS * (WARMUP + MEASURED));
                assertThat(measured).isEqualTo(THREADS * MEASURED);

                DriverEvents.Totals totals = DriverEvents.readUntilDone(events, driver, 0);
                assertThat(totals.done.get("status").asText()).as(totals.done.toString()).isEqualTo("completed");
                assertThat(totals.produced).isEqualTo(THREADS * (WARMUP + MEASURED));
                assertThat(totals.producedMeasured).isEqualTo(THREADS * MEASURED);
                assertThat(totals.publish.getTotalCount()).isEqualTo(THREADS * MEASURED);
                assertThat(totals.sendDelay.getTotalCount()).isEqualTo(THREADS * MEASURED);
                assertThat(totals.cpuNanos).isPositive();
                long written = consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum() - startOffsets;
                assertThat(written).as("the broker's end offsets grew by the driver's acknowledged records").isEqualTo(totals.produced);
                assertThat(totals.done.get("sendLogs")).hasSize(THREADS);
                for (JsonNode log : totals.done.get("sendLogs")) {
                    ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(Path.of(log.asText())));
                    assertThat(header.getInt()).isEqualTo(0x4B42534C); // "KBSL"
                    assertThat(header.getInt()).isEqualTo(1);
                    header.getInt();
                    assertThat(header.getLong()).isEqualTo(WARMUP + MEASURED);
                }
                assertThat(driver.waitFor(10, TimeUnit.SECONDS)).isTrue();
                assertThat(driver.exitValue()).isZero();
                System.out.printf(client() + " -> Java: %d measured records, end-to-end p50 %d us, p99 %d us, max %d us;"
                        + " publish p50 %d us, p99 %d us; driver CPU %.3f s%n", measured,
                        endToEnd.getValueAtPercentile(50), endToEnd.getValueAtPercentile(99), endToEnd.getMaxValue(),
                        totals.publish.getValueAtPercentile(50), totals.publish.getValueAtPercentile(99),
                        totals.cpuNanos / 1e9);
            } finally {
                driver.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** The other way round: a Java producer stamps on the JVM's clock, the driver's consumers measure. */
    @Test
    void theDriversConsumersMeasureTheEndToEndLatencyOfJavaRecords() throws Exception {
        String topic = "java-to-" + client();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
        }
        int magic = ThreadLocalRandom.current().nextInt() | 1;
        Map<String, Object> fields = new LinkedHashMap<>(Map.of("contract", 1, "runId", "it", "role", "consumers",
                "bootstrap", cluster.bootstrapServers(), "topic", topic, "stampMagic", magic, "clockOffsetNanos", 0,
                "intervalNanos", 500_000_000L, "clientProperties", consumerProperties(),
                // One consumer: with two, the first member to join holds both partitions (the assignment this test
                // waits for) and a rebalance for the second may follow while the records are produced, re-reading or
                // skipping some of them (CI 2026-11-29: 408 of 500 measured records counted). That is the group's
                // behaviour, not the driver's measurement, which is what this test is about.
                "consumers", Map.of("first", 0, "count", 1, "group", "it-" + magic)));
        fields.put("producers", null);
        Process driver = new ProcessBuilder(binary().toString(), "run")
                .redirectError(dir.resolve("consumers.log").toFile()).start();
        try (var producer = new KafkaProducer<byte[], byte[]>(Map.of(
                "bootstrap.servers", cluster.bootstrapServers(), "linger.ms", 1,
                "key.serializer", ByteArraySerializer.class,
                "value.serializer", ByteArraySerializer.class))) {
            OutputStream stdin = driver.getOutputStream();
            BufferedReader events = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8));
            stdin.write((JSON.writeValueAsString(fields) + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            assertThat(DriverEvents.next(events, driver).get("type").asText()).isEqualTo("ready");
            long assignedBy = System.nanoTime() + DriverEvents.STEP_NANOS;
            for (JsonNode e = DriverEvents.next(events, driver); ; e = DriverEvents.next(events, driver)) {
                if (e.get("type").asText().equals("assigned") && e.get("partitions").asInt() == 2) {
                    break;
                }
                DriverEvents.within(assignedBy, driver, "the consumer's assignment of both partitions (last " + e + ")");
            }
            stdin.write(("{\"type\":\"start\",\"startNanos\":" + System.nanoTime() + "}\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            // 500 measured records of this run, 50 warm-up ones and 50 of another run: only the first are measured.
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < 600; i++) {
                byte[] value = new byte[100];
                Stamp.write(value, i < 550 ? magic : magic + 2, i < 500, System.nanoTime());
                sent.add(producer.send(new ProducerRecord<>(topic, value)));
            }
            producer.flush();
            for (int i = 0; i < sent.size(); i++) {
                // A record the broker never took would leave the driver's count short and the loop below waiting.
                assertThat(sent.get(i)).as("the Java producer's record %d acknowledged", i).succeedsWithin(Duration.ZERO);
            }
            long consumed = 0;
            long consumedMeasured = 0;
            int nextIndex = 0;
            Histogram endToEnd = new Histogram(1, 3_600_000_000L, 3);
            long consumedBy = System.nanoTime() + DriverEvents.STEP_NANOS;
            while (consumed < 600) {
                DriverEvents.within(consumedBy, driver, "600 records consumed by the driver (" + consumed + " so far)");
                JsonNode e = DriverEvents.next(events, driver);
                if (e.get("type").asText().equals("interval")) {
                    assertThat(e.get("index").asInt()).isEqualTo(nextIndex++);
                    consumed += e.get("counts").get("consumedRecords").asLong();
                    consumedMeasured += e.get("counts").get("consumedMeasured").asLong();
                    assertThat(e.get("counts").get("consumedBytes").asLong())
                            .isEqualTo(100 * e.get("counts").get("consumedRecords").asLong());
                    endToEnd.add(DriverEvents.decode(e.get("histograms").get("endToEnd").asText()));
                }
            }
            stdin.write("{\"type\":\"stop\",\"graceMs\":2000}\n".getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            DriverEvents.Totals totals = DriverEvents.readUntilDone(events, driver, nextIndex);
            consumedMeasured += totals.consumedMeasured;
            endToEnd.add(totals.endToEnd);
            assertThat(consumed + totals.consumed).isEqualTo(600);
            assertThat(consumedMeasured).isEqualTo(500);
            assertThat(endToEnd.getTotalCount()).isEqualTo(500);
            assertThat(endToEnd.getMaxValue()).as("end-to-end micros (loose: a loaded machine)").isLessThan(60_000_000);
            assertThat(totals.done.get("status").asText()).isEqualTo("completed");
            assertThat(driver.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(driver.exitValue()).isZero();
            System.out.printf("Java -> " + client() + ": %d measured records, end-to-end p50 %d us, p99 %d us, max %d us%n",
                    endToEnd.getTotalCount(), endToEnd.getValueAtPercentile(50), endToEnd.getValueAtPercentile(99),
                    endToEnd.getMaxValue());
        } finally {
            driver.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theDriverExitsAtOnceWhenItsStandardInputEnds() throws Exception {
        Process driver = new ProcessBuilder(binary().toString(), "run").redirectError(dir.resolve("eof.log").toFile()).start();
        try {
            driver.getOutputStream().close();
            assertThat(driver.waitFor(30, TimeUnit.SECONDS)).as("the driver ends by itself").isTrue();
            assertThat(driver.exitValue()).isEqualTo(2); // no slice: refused, one line
            assertThat(Files.readString(dir.resolve("eof.log"))).isEqualTo(
                    client() + " driver: slice: standard input ended before the slice\n");
        } finally {
            driver.destroyForcibly();
        }
    }

    private Map<String, Object> producers(List<String> valuesFiles, Path sendLogs) {
        return Map.ofEntries(Map.entry("first", 0), Map.entry("count", THREADS), Map.entry("total", THREADS),
                Map.entry("ratePerThread", 1000.0), Map.entry("warmupRecords", List.of(WARMUP, WARMUP)),
                Map.entry("warmupNanos", 0), Map.entry("autoWarmup", false),
                Map.entry("measuredRecords", List.of(MEASURED, MEASURED)), Map.entry("valuesFiles", valuesFiles),
                Map.entry("keys", Map.of("type", "none", "count", 0)), Map.entry("verify", true),
                Map.entry("sendLogDir", sendLogs.toString()));
    }

    /** A consumer of every partition, positioned at the end before the driver sends anything. */
    private static KafkaConsumer<byte[], byte[]> consumer(String topic) {
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class));
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        return consumer;
    }
}
