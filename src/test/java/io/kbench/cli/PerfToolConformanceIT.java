package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same documented command lines through the stock perf tools (Kafka 4.3.1's, in this JVM: {@link StockPerfTools})
 * and through kbench's drop-ins, against one embedded broker (issue 42): what each wrote and read must agree.
 * PerfToolConformanceTest checks the parsers of every form without a broker; this checks that the lines mean the same.
 */
@EmbeddedKafka
class PerfToolConformanceIT {
    private static final String SUMMARY_HEADER = "start.time, end.time, data.consumed.in.MB, MB.sec,"
            + " data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";
    private static final String FINAL_LINE = "3000 records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\), [0-9.]+ ms avg"
            + " latency, [0-9.]+ ms max latency, \\d+ ms 50th, \\d+ ms 95th, \\d+ ms 99th, \\d+ ms 99.9th\\.";

    @TempDir
    Path dir;

    /**
     * The stock help's own advice, several properties after one --command-property, with the monotonic payload and a
     * reporting interval: both tools send 3,000 records whose values are 0 to 2999 in order, and end with the same line.
     */
    @Test
    void aCommandPropertyRunWithMonotonicPayloadsWritesTheSameRecordsInBothTools(EmbeddedCluster cluster) {
        String bootstrap = cluster.bootstrapServers();
        List<String> common = List.of("--num-records", "3000", "--payload-monotonic", "--throughput", "-1",
                "--bootstrap-server", bootstrap, "--command-property", "linger.ms=10", "batch.size=32768",
                "--reporting-interval", "1000", "--print-metrics");

        StockPerfTools.Outcome stock = StockPerfTools.runProducer(args(List.of("--topic", "conf-stock"), common));
        CliRun kbench = CliRun.of(args(List.of("produce", "--topic", "conf-kbench"), common,
                List.of("--results-dir", dir.resolve("produce").toString())));

        assertThat(stock.exitCode()).as(stock.stdout() + stock.stderr()).isZero();
        assertThat(kbench.exitCode()).as(kbench.transcript()).isZero();
        assertThat(stock.stdout().lines().filter(l -> l.matches(FINAL_LINE)).count()).as(stock.stdout()).isOne();
        assertThat(kbench.stdout().lines().filter(l -> l.matches(FINAL_LINE)).count()).as(kbench.transcript()).isOne();
        assertThat(metric(stock.stdout(), "producer-metrics:record-send-total:")).as(stock.stdout()).isEqualTo("3000.000");
        assertThat(metric(kbench.stdout(), "producer-metrics:record-send-total:")).as(kbench.transcript())
                .isEqualTo("3000.000");
        List<String> numbers = IntStream.range(0, 3000).mapToObj(Integer::toString).toList();
        assertThat(values(bootstrap, "conf-stock", 3000)).isEqualTo(numbers);
        assertThat(values(bootstrap, "conf-kbench", 3000)).isEqualTo(numbers);
    }

    /**
     * Kafka's system tests' consumer line (--messages, --consumer.config, and a setting after it that the stock parser
     * ignores) on a topic holding more than asked: both tools stop after the poll that reached the count, so on one
     * partition of the same log (the same fetches, the same polls) they read the same number; kbench's CSV line, its
     * table and result.json say that number.
     */
    @Test
    void theSystemTestsConsumerLineReadsWhatTheStockToolReads(EmbeddedCluster cluster) throws IOException {
        String bootstrap = cluster.bootstrapServers();
        CliRun fill = CliRun.of("produce", "--bootstrap-server", bootstrap, "--topic", "conf-read", "--partitions", "1",
                "--num-records", "20000", "--record-size", "100", "--throughput", "-1",
                "--results-dir", dir.resolve("fill").toString());
        assertThat(fill.exitCode()).as(fill.transcript()).isZero();
        Path config = Files.writeString(dir.resolve("consumer.properties"), "fetch.min.bytes=1\n");
        List<String> line = List.of("--topic", "conf-read", "--messages", "6000", "--bootstrap-server", bootstrap,
                "--consumer.config", config.toString(), "fetch.max.wait.ms=5");

        StockPerfTools.Outcome stock = StockPerfTools.runConsumer(args(line, List.of("--group", "conf-stock",
                "--print-metrics")));
        Path results = dir.resolve("consume");
        CliRun kbench = CliRun.of(args(List.of("consume"), line,
                List.of("--group", "conf-kbench", "--print-metrics", "--results-dir", results.toString())));

        assertThat(stock.exitCode()).as(stock.stdout() + stock.stderr()).isZero();
        assertThat(kbench.exitCode()).as(kbench.transcript()).isZero();
        long stockRead = csvCount(stock.stdout());
        long kbenchRead = csvCount(kbench.stdout());
        assertThat(stockRead).as(stock.stdout()).isBetween(6000L, 6000L + 500 - 1);
        assertThat(kbenchRead).as("kbench read what the stock tool read: " + kbench.transcript() + stock.stdout())
                .isEqualTo(stockRead);
        String table = kbench.stdout().lines().filter(l -> l.startsWith("consumed ")).findFirst().orElseThrow();
        assertThat(Long.parseLong(table.trim().split("\\s+")[1].replace(",", ""))).as(kbench.transcript())
                .isEqualTo(kbenchRead);
        assertThat(ItFixture.onlyRun(results).summary().consumed().records()).isEqualTo(kbenchRead);
        assertThat(kbench.stderr()).as(kbench.transcript()).contains("kbench: warning: ignoring fetch.max.wait.ms=5");
        // The consumer's own count: both tools' consumers stop inside the same fetch response, whose records the
        // client counts only once all are returned, so the figure is the same in both (not necessarily the CSV's).
        String consumed = "consumer-fetch-manager-metrics:records-consumed-total:";
        assertThat(metric(kbench.stdout(), consumed)).as(kbench.transcript()).isNotEqualTo("(not printed)")
                .isEqualTo(metric(stock.stdout(), consumed));
    }

    private static String[] args(List<String> first, List<String> second) {
        return args(first, second, List.of());
    }

    private static String[] args(List<String> first, List<String> second, List<String> third) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        all.addAll(third);
        return all.toArray(String[]::new);
    }

    /**
     * The value --print-metrics printed for the client-wide metric whose name starts with {@code groupAndName} (its
     * tags only the client id: not a per-topic or per-node one).
     */
    private static String metric(String stdout, String groupAndName) {
        return stdout.lines().filter(l -> l.startsWith(groupAndName + "{client-id=") && !l.contains(", "))
                .map(l -> l.substring(l.lastIndexOf(" : ") + 3).trim()).findFirst().orElse("(not printed)");
    }

    /** data.consumed.in.nMsg of the summary line under the stock header. */
    private static long csvCount(String stdout) {
        List<String> lines = stdout.lines().toList();
        int header = lines.indexOf(SUMMARY_HEADER);
        assertThat(header).as(stdout).isNotNegative();
        return Long.parseLong(lines.get(header + 1).split(", ")[4]);
    }

    /** The values of {@code topic}'s first {@code count} records, in offset order (one partition), as text. */
    private static List<String> values(String bootstrap, String topic, int count) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(i -> new TopicPartition(topic, i.partition())).toList();
            assertThat(partitions).as(topic + "'s partitions").hasSize(1);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (values.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(new String(r.value(), StandardCharsets.UTF_8));
                }
            }
        }
        return values;
    }
}
