package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.client.ClientProperties;
import io.kbench.spec.KeyType;
import io.kbench.spec.PayloadType;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The drop-ins know every option name of the stock perf tools (issue 42), read from the kafka-tools jar on the class
 * path, not from a list kept here: an upgrade of Kafka that adds an option fails this test until kbench accepts it or
 * refuses it with a reason. The names Kafka 4.4 added to kafka-producer-perf-test are listed (read from
 * kafka-tools-4.4.0.jar), since the class path holds 4.3.1. Then what the newly accepted options mean, without a
 * broker.
 */
class PerfToolFlagsTest {
    /** kafka-producer-perf-test options new in Kafka 4.4.0 (ProducerPerformance.argParser of kafka-tools-4.4.0.jar). */
    private static final List<String> PRODUCER_4_4 = StockSpelling.PRODUCER_4_4_ADDED;
    private static final Pattern OPTION = Pattern.compile("--[a-z][a-z.-]*");

    @TempDir
    Path dir;

    /** kafka-producer-perf-test's option names: its argparse4j parser's usage line. */
    static Set<String> stockProducerOptions() throws ReflectiveOperationException {
        Class<?> tool = Class.forName("org.apache.kafka.tools.ProducerPerformance");
        Method argParser = tool.getDeclaredMethod("argParser");
        argParser.setAccessible(true);
        Object parser = argParser.invoke(null);
        String usage = (String) parser.getClass().getMethod("formatUsage").invoke(parser);
        Set<String> names = new TreeSet<>();
        Matcher m = OPTION.matcher(usage);
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    /** kafka-consumer-perf-test's option names: its jopt-simple parser's recognized options. */
    static Set<String> stockConsumerOptions() throws ReflectiveOperationException {
        Class<?> options = Class.forName("org.apache.kafka.tools.ConsumerPerformance$ConsumerPerfOptions");
        Object parsed = options.getConstructor(String[].class).newInstance((Object) new String[] {
            "--bootstrap-server", "localhost:1", "--topic", "t", "--num-records", "1"});
        Field parserField = null;
        for (Class<?> c = options; c != null && parserField == null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals("parser")) {
                    parserField = f;
                }
            }
        }
        assertThat(parserField).as("CommandDefaultOptions.parser").isNotNull();
        parserField.setAccessible(true);
        Object parser = parserField.get(parsed);
        Map<?, ?> recognized = (Map<?, ?>) parser.getClass().getMethod("recognizedOptions").invoke(parser);
        Set<String> names = new TreeSet<>();
        recognized.keySet().stream().map(String::valueOf).filter(k -> k.matches("[a-z][a-z.-]*"))
                .forEach(k -> names.add("--" + k));
        return names;
    }

    private static CommandLine cli(Object command) {
        return new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true);
    }

    private static ProduceCommand produce(String... args) {
        ProduceCommand c = new ProduceCommand();
        cli(c).parseArgs(args);
        return c;
    }

    private static WorkloadSpec produceWorkload(String... args) {
        List<String> all = new ArrayList<>(List.of("--topic", "t", "--num-records", "10", "--throughput", "-1",
                "--bootstrap-server", "localhost:1"));
        all.addAll(List.of(args));
        ProduceCommand c = produce(all.toArray(String[]::new));
        return c.workload(c.tool.target.connectionProperties());
    }

    @Test
    void theStockToolsOptionListsAreRead() throws ReflectiveOperationException {
        // Guards the readers above: a reader that found nothing would make the next test pass vacuously.
        assertThat(stockProducerOptions()).contains("--topic", "--num-records", "--throughput", "--payload-monotonic",
                "--command-property", "--reporting-interval").hasSizeGreaterThan(15);
        assertThat(stockConsumerOptions()).contains("--bootstrap-server", "--topic", "--num-records", "--messages",
                "--show-detailed-stats", "--help", "--version").hasSizeGreaterThan(15);
        assertThat(stockProducerOptions()).as("the 4.4 names are new in 4.4").doesNotContainAnyElementsOf(PRODUCER_4_4);
    }

    @Test
    void produceAndConsumeKnowEveryOptionOfTheStockTools() throws ReflectiveOperationException {
        Set<String> producer = new TreeSet<>(stockProducerOptions());
        producer.addAll(PRODUCER_4_4);
        CommandLine.Model.CommandSpec produce = cli(new ProduceCommand()).getCommandSpec();
        assertThat(producer.stream().filter(n -> produce.findOption(n) == null).toList())
                .as("kafka-producer-perf-test options that kbench produce does not know").isEmpty();
        CommandLine.Model.CommandSpec consume = cli(new ConsumeCommand()).getCommandSpec();
        assertThat(stockConsumerOptions().stream().filter(n -> consume.findOption(n) == null).toList())
                .as("kafka-consumer-perf-test options that kbench consume does not know").isEmpty();
    }

    @Test
    void theStockNamesKbenchExpandsAreTheJarsNames() throws ReflectiveOperationException {
        // StockSpelling expands prefixes and single dashes to these names only: they must be the stock tools' own.
        Set<String> producer = new TreeSet<>(StockSpelling.PRODUCER_4_3);
        producer.remove("--help"); // argparse4j's usage line shows it as -h
        assertThat(producer).isEqualTo(stockProducerOptions());
        assertThat(new TreeSet<>(StockSpelling.CONSUMER_4_3)).isEqualTo(stockConsumerOptions());
    }

    @Test
    void commandPropertyWinsOverTheToolsOwnConfigFileAsInTheStockTools() throws IOException {
        Path file = Files.writeString(dir.resolve("p.properties"), "linger.ms=1\ncompression.type=lz4\n");
        ProduceCommand c = produce("--topic", "t", "--num-records", "10", "--throughput", "-1", "--record-size", "10",
                "--bootstrap-server", "localhost:1", "--producer.config", file.toString(),
                "--command-property", "linger.ms=10");
        Map<String, String> conn = c.tool.target.connectionProperties();
        WorkloadSpec spec = c.workload(conn);
        Map<String, Object> producer = new ClientProperties(conn).producer(spec.producers().properties(), 0);
        assertThat(producer).containsEntry("linger.ms", "10").containsEntry("compression.type", "lz4");

        ConsumeCommand consume = new ConsumeCommand();
        Path consumerFile = Files.writeString(dir.resolve("c.properties"), "fetch.min.bytes=1\nfetch.max.wait.ms=5\n");
        cli(consume).parseArgs("--topic", "t", "--num-records", "1", "--consumer.config", consumerFile.toString(),
                "--command-property", "fetch.min.bytes=65536");
        Map<String, String> consumeConn = consume.tool.target.connectionProperties();
        Map<String, String> own = consume.consumerProperties(consumeConn);
        assertThat(own).containsEntry("fetch.max.wait.ms", "5").doesNotContainKey("fetch.min.bytes");
        assertThat(consumeConn).containsEntry("fetch.min.bytes", "65536");
    }

    @Test
    void aTransactionalIdInCommandPropertyEnablesTransactionsAsTheStockHelpSays() {
        ProduceCommand c = produce("--topic", "t", "--num-records", "10", "--throughput", "-1", "--record-size", "10",
                "--bootstrap-server", "localhost:1", "--command-property", "transactional.id=tx-1", "acks=all");
        Map<String, String> conn = c.tool.target.connectionProperties();
        WorkloadSpec spec = c.workload(conn);
        assertThat(spec.producers().transactions().transactionalId()).isEqualTo("tx-1");
        assertThat(spec.producers().transactions().duration()).as("the stock default").isEqualTo(Duration.ofMillis(3000));
        assertThat(conn).as("not handed to the admin and the consumers").doesNotContainKey("transactional.id")
                .containsEntry("acks", "all");
    }

    @Test
    void payloadMonotonicSendsTheRecordNumber() {
        WorkloadSpec spec = produceWorkload("--payload-monotonic");
        assertThat(spec.producers().payload().type()).isEqualTo(PayloadType.MONOTONIC);
    }

    @Test
    void reportingIntervalSetsTheProgressInterval() {
        assertThat(produceWorkload("--record-size", "10").reportInterval()).as("the stock default")
                .isEqualTo(Duration.ofSeconds(5));
        assertThat(produceWorkload("--record-size", "10", "--reporting-interval", "1000").reportInterval())
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(produceWorkload("--record-size", "10", "--reporting-interval", "20").reportInterval())
                .as("kbench's progress lines stay 100 ms apart").isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void keyDistributionsAndTheSeedAreKafka44s() {
        WorkloadSpec range = produceWorkload("--record-size", "10", "--key-distribution", "range", "--record-key-range", "7");
        assertThat(range.producers().keys().type()).isEqualTo(KeyType.ROUND_ROBIN);
        assertThat(range.producers().keys().count()).isEqualTo(7);
        WorkloadSpec random = produceWorkload("--record-size", "10", "--key-distribution", "random",
                "--record-key-range", "3", "--random-seed", "5");
        assertThat(random.producers().keys().type()).isEqualTo(KeyType.RANDOM);
        assertThat(random.producers().payload().seed()).isEqualTo(5);
        assertThat(produceWorkload("--record-size", "10", "--key-distribution", "none").producers().keys().type())
                .isEqualTo(KeyType.NONE);
        assertThat(produceWorkload("--payload-monotonic", "--random-seed", "9").producers().payload().seed()).isEqualTo(9);
    }

    @Test
    void keyOptionsThatDoNotGoTogetherAreOneLineErrors() {
        String results = dir.resolve("results").toString();
        CliRun.assertInputError(CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1",
                "--record-size", "10", "--key-distribution", "range", "--results-dir", results),
                "--key-distribution", "needs --record-key-range");
        CliRun.assertInputError(CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1",
                "--record-size", "10", "--record-key-range", "4", "--results-dir", results),
                "--record-key-range", "only applies with --key-distribution range or random");
        CliRun.assertInputError(CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1",
                "--record-size", "10", "--key-distribution", "range", "--record-key-range", "0", "--results-dir", results),
                "--record-key-range", "must be between 1 and");
        CliRun.assertInputError(CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1",
                "--record-size", "10", "--key-distribution", "zipf", "--results-dir", results),
                "--key-distribution: must be none, range or random (got zipf)");
        assertThat(dir.resolve("results")).doesNotExist();
    }

    @Test
    void aRegexDelimiterIsRefusedWithTheReasonAndALiteralOneIsTranslated() throws IOException {
        Path payloads = Files.writeString(dir.resolve("payloads.txt"), "first|second|third");
        CliRun.assertInputError(CliRun.of("produce", "--topic", "t", "--num-records", "1", "--throughput", "-1",
                "--payload-file", payloads.toString(), "--payload-delimiter", "|",
                "--results-dir", dir.resolve("results").toString()),
                "--payload-delimiter: '|'", "Java regex");
        WorkloadSpec spec = produceWorkload("--payload-file", payloads.toString(), "--payload-delimiter", "\\|");
        assertThat(spec.producers().payload().delimiter()).isEqualTo("|");
        assertThat(produceWorkload("--payload-file", payloads.toString()).producers().payload().delimiter())
                .as("the stock default, the regex \\n").isEqualTo("\n");
    }

    @Test
    void monotonicPayloadsCannotCarryKbenchsStamp() {
        CliRun.assertInputError(CliRun.of("run", "--set", "producers.payload={type: monotonic}", "--dry-run"),
                "producers.payload.type: cannot be used with consumers.mode live");
    }
}
