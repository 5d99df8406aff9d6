package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Conformance of the drop-ins with the stock perf tools (issue 42): command lines are put to the stock tools' own
 * parsers (kafka-tools 4.3.1 on the class path, {@link StockPerfTools}) and to kbench's (picocli, then every check
 * {@code produce} and {@code consume} make before anything starts), and whatever the stock tool takes kbench must take,
 * with the same meaning. The lines are the ones Kafka documents (its docs, its tools' help, its system tests) and one
 * line per stock option in every form the stock parser takes: {@code --opt v}, {@code --opt=v}, given twice, and the
 * stock parsers' own shortcuts (argparse4j's unambiguous prefixes for the producer, jopt-simple's single dash for the
 * consumer). The options come from the jar, so a Kafka upgrade that adds one fails here until it has a sample value.
 * PerfToolConformanceIT runs some of the lines through both tools against one broker.
 */
class PerfToolConformanceTest {
    private static final String B = "localhost:9092";
    /** Options that print and exit, in both tools: no line of their own to compare. */
    private static final Set<String> NOT_RUN = Set.of("--help", "--version");

    @TempDir
    Path dir;

    private Path producerConfig;
    private Path consumerConfig;
    private Path payloads;

    @BeforeEach
    void files() throws IOException {
        producerConfig = Files.writeString(dir.resolve("producer.properties"), "acks=1\nlinger.ms=5\n");
        consumerConfig = Files.writeString(dir.resolve("consumer.properties"), "fetch.min.bytes=1\n");
        payloads = Files.writeString(dir.resolve("payloads.txt"), "first,second,third");
    }

    /** A documented command line and where Kafka documents it. */
    record Line(String source, List<String> args) {
        static Line of(String source, String... args) {
            return new Line(source, List.of(args));
        }
    }

    private List<Line> documentedProducerLines() {
        String config = producerConfig.toString();
        return List.of(
                Line.of("Kafka docs, ops.html (tiered storage)", "--topic", "tieredTopic", "--num-records", "1200",
                        "--record-size", "1024", "--throughput", "-1", "--producer-props", "bootstrap.servers=" + B),
                Line.of("kafka-producer-perf-test --help (4.3): --command-property", "--topic", "t", "--num-records",
                        "100000", "--record-size", "100", "--throughput", "-1", "--bootstrap-server", B,
                        "--command-property", "linger.ms=10", "batch.size=32768"),
                Line.of("Kafka system tests, producer_performance.py", "--topic", "t", "--num-records", "10000",
                        "--record-size", "100", "--throughput", "1000", "--producer-props", "bootstrap.servers=" + B,
                        "client.id=producer-performance", "acks=all"),
                Line.of("Kreps, Benchmarking Apache Kafka (2014)", "--topic", "test-rep-one", "--num-records", "50000000",
                        "--record-size", "100", "--throughput", "-1", "--producer-props", "acks=1",
                        "bootstrap.servers=" + B, "buffer.memory=67108864", "batch.size=8196"),
                Line.of("--help (4.3): transactional.id via --command-property", "--topic", "t", "--num-records", "1000",
                        "--record-size", "100", "--throughput", "-1", "--bootstrap-server", B,
                        "--command-property", "transactional.id=perf-tx"),
                Line.of("--help (4.3): --transactional-id", "--topic", "t", "--num-records", "1000", "--record-size",
                        "100", "--throughput", "-1", "--bootstrap-server", B, "--transactional-id", "perf-tx",
                        "--transaction-duration-ms", "100"),
                Line.of("--help (4.3): --transaction-duration-ms alone", "--topic", "t", "--num-records", "1000",
                        "--record-size", "100", "--throughput", "-1", "--bootstrap-server", B,
                        "--transaction-duration-ms", "500"),
                Line.of("--payload-monotonic, --reporting-interval (4.x)", "--topic", "t", "--num-records", "1000",
                        "--payload-monotonic", "--throughput", "-1", "--bootstrap-server", B, "--reporting-interval", "1000"),
                Line.of("--payload-file with a delimiter", "--topic", "t", "--num-records", "1000", "--payload-file",
                        payloads.toString(), "--payload-delimiter", ",", "--throughput", "500", "--bootstrap-server", B),
                Line.of("--command-config", "--topic", "t", "--num-records", "1000", "--record-size", "100",
                        "--throughput", "-1", "--command-config", config, "--bootstrap-server", B),
                Line.of("--producer.config (deprecated in 4.2)", "--topic", "t", "--num-records", "1000", "--record-size",
                        "100", "--throughput", "-1", "--producer.config", config, "--producer-props", "bootstrap.servers=" + B),
                Line.of("--warmup-records, --print-metrics", "--topic", "t", "--num-records", "1000", "--record-size", "100",
                        "--throughput", "2000", "--bootstrap-server", B, "--warmup-records", "100", "--print-metrics"),
                Line.of("bootstrap.servers in --command-property", "--topic", "t", "--num-records", "1000",
                        "--record-size", "100", "--throughput", "-1", "--command-property", "bootstrap.servers=" + B, "acks=1"));
    }

    private List<Line> documentedConsumerLines() {
        return List.of(
                Line.of("kafka-consumer-perf-test --help (4.3): the required options", "--bootstrap-server", B, "--topic",
                        "t", "--num-records", "100000"),
                // consumer_performance.py appends its settings after --consumer.config FILE as bare key=value words,
                // which the stock tool's parser takes as non-option arguments and ignores.
                Line.of("Kafka system tests, consumer_performance.py", "--topic", "t", "--messages", "100000",
                        "--bootstrap-server", B, "--fetch-size", "1048576", "--socket-buffer-size", "2097152",
                        "--group", "perf", "--from-latest", "--consumer.config", consumerConfig.toString(),
                        "fetch.min.bytes=1"),
                Line.of("--show-detailed-stats and its formatting", "--bootstrap-server", B, "--topic", "t",
                        "--num-records", "1000", "--show-detailed-stats", "--reporting-interval", "1000", "--hide-header",
                        "--date-format", "yyyy-MM-dd'T'HH:mm:ss", "--timeout", "5000", "--print-metrics"),
                Line.of("--include", "--bootstrap-server", B, "--include", "perf-.*", "--num-records", "1000", "--group", "g"),
                Line.of("--command-config, --command-property", "--bootstrap-server", B, "--topic", "t", "--num-records",
                        "1000", "--command-config", consumerConfig.toString(), "--command-property", "client.id=perf"),
                Line.of("--timeout without its value, last", "--bootstrap-server", B, "--topic", "t", "--num-records",
                        "1000", "--timeout"));
    }

    @Test
    void everyDocumentedProducerLineThatTheStockToolTakesKbenchTakes() {
        for (Line line : documentedProducerLines()) {
            String[] args = line.args().toArray(String[]::new);
            assertThat(StockPerfTools.producerRefusal(args)).as("the stock tool takes " + line).isEmpty();
            assertThat(DropInParse.refusal("produce", args)).as("kbench produce takes " + line).isEmpty();
        }
        // Kafka 4.4's keys, which the 4.3 parser on the class path cannot judge (PerfToolFlagsTest has their names).
        assertThat(DropInParse.refusal("produce", "--topic", "t", "--num-records", "1000", "--record-size", "100",
                "--throughput", "-1", "--bootstrap-server", B, "--key-distribution", "random", "--record-key-range",
                "10", "--random-seed", "7")).isEmpty();
    }

    @Test
    void everyDocumentedConsumerLineThatTheStockToolTakesKbenchTakes() {
        for (Line line : documentedConsumerLines()) {
            String[] args = line.args().toArray(String[]::new);
            assertThat(StockPerfTools.consumerRefusal(args)).as("the stock tool takes " + line).isEmpty();
            assertThat(DropInParse.refusal("consume", args)).as("kbench consume takes " + line).isEmpty();
        }
    }

    /** A value the stock producer takes for each of its options; the payload options replace --record-size. */
    private Map<String, List<String>> producerSamples() {
        Map<String, List<String>> s = new LinkedHashMap<>();
        s.put("--bootstrap-server", List.of("127.0.0.1:9093"));
        s.put("--topic", List.of("other"));
        s.put("--num-records", List.of("500"));
        s.put("--record-size", List.of("200"));
        s.put("--payload-file", List.of(payloads.toString()));
        s.put("--payload-monotonic", List.of());
        s.put("--payload-delimiter", List.of(","));
        s.put("--throughput", List.of("2000"));
        s.put("--producer-props", List.of("acks=1"));
        s.put("--command-property", List.of("acks=1"));
        s.put("--producer.config", List.of(producerConfig.toString()));
        s.put("--command-config", List.of(producerConfig.toString()));
        s.put("--print-metrics", List.of());
        s.put("--transactional-id", List.of("tx"));
        s.put("--transaction-duration-ms", List.of("200"));
        s.put("--warmup-records", List.of("10"));
        s.put("--reporting-interval", List.of("1000"));
        return s;
    }

    private Map<String, List<String>> consumerSamples() {
        Map<String, List<String>> s = new LinkedHashMap<>();
        s.put("--bootstrap-server", List.of("127.0.0.1:9093"));
        s.put("--topic", List.of("other"));
        s.put("--include", List.of("perf-.*"));
        s.put("--group", List.of("g"));
        s.put("--fetch-size", List.of("65536"));
        s.put("--command-property", List.of("client.id=perf"));
        s.put("--from-latest", List.of());
        s.put("--socket-buffer-size", List.of("131072"));
        s.put("--consumer.config", List.of(consumerConfig.toString()));
        s.put("--command-config", List.of(consumerConfig.toString()));
        s.put("--print-metrics", List.of());
        s.put("--show-detailed-stats", List.of());
        s.put("--timeout", List.of("3000"));
        s.put("--messages", List.of("700"));
        s.put("--num-records", List.of("700"));
        s.put("--reporting-interval", List.of("1000"));
        s.put("--date-format", List.of("HH:mm:ss"));
        s.put("--hide-header", List.of());
        return s;
    }

    /** A producer line with {@code option} spelled {@code spelled} and its sample, the rest of what it needs around it. */
    private static List<String> producerLine(String option, List<String> spelled) {
        List<String> line = new ArrayList<>();
        Map<String, String> base = new LinkedHashMap<>(Map.of("--topic", "t", "--num-records", "1000",
                "--throughput", "-1", "--bootstrap-server", B, "--record-size", "100"));
        base.remove(option);
        if (option.startsWith("--payload-file") || option.equals("--payload-monotonic")) {
            base.remove("--record-size");
        }
        base.forEach((k, v) -> line.addAll(List.of(k, v)));
        line.addAll(spelled);
        return line;
    }

    private static List<String> consumerLine(String option, List<String> spelled) {
        List<String> line = new ArrayList<>();
        Map<String, String> base = new LinkedHashMap<>(Map.of("--bootstrap-server", B, "--topic", "t",
                "--num-records", "1000"));
        base.remove(option);
        if (option.equals("--include")) {
            base.remove("--topic");
        }
        if (option.equals("--messages")) {
            base.remove("--num-records");
        }
        base.forEach((k, v) -> line.addAll(List.of(k, v)));
        line.addAll(spelled);
        return line;
    }

    /** {@code name} with {@code sample} in each form a parser might take: apart, joined by '=', given twice. */
    private static Map<String, List<String>> forms(String name, List<String> sample) {
        Map<String, List<String>> forms = new LinkedHashMap<>();
        List<String> apart = new ArrayList<>(List.of(name));
        apart.addAll(sample);
        forms.put("apart", apart);
        if (sample.size() == 1) {
            forms.put("joined", List.of(name + "=" + sample.get(0)));
        }
        List<String> twice = new ArrayList<>(apart);
        twice.addAll(apart);
        forms.put("twice", twice);
        return forms;
    }

    @Test
    void everyStockProducerOptionInEveryFormTheStockParserTakes() throws ReflectiveOperationException {
        int taken = formsTheStockToolTakes("produce", PerfToolFlagsTest.stockProducerOptions(), producerSamples(),
                false, PerfToolConformanceTest::producerLine, StockPerfTools::producerRefusal);
        assertThat(taken).as("lines the stock tool takes (a reader that found nothing would pass vacuously)")
                .isGreaterThan(35);
    }

    @Test
    void everyStockConsumerOptionInEveryFormTheStockParserTakes() throws ReflectiveOperationException {
        // jopt-simple also takes a long option after one dash.
        int taken = formsTheStockToolTakes("consume", PerfToolFlagsTest.stockConsumerOptions(), consumerSamples(),
                true, PerfToolConformanceTest::consumerLine, StockPerfTools::consumerRefusal);
        assertThat(taken).as("lines the stock tool takes").isGreaterThan(30);
    }

    /**
     * Each option of {@code options} in each form: every line the stock tool takes, kbench's {@code command} must take
     * too. Returns how many lines the stock tool took.
     */
    private static int formsTheStockToolTakes(String command, Set<String> options, Map<String, List<String>> samples,
                                              boolean oneDashForm, BiFunction<String, List<String>, List<String>> line,
                                              Function<String[], Optional<String>> stockRefusal) {
        int taken = 0;
        for (String option : options) {
            if (NOT_RUN.contains(option)) {
                continue;
            }
            assertThat(samples).as("a sample value for the stock option " + option).containsKey(option);
            Map<String, List<String>> forms = forms(option, samples.get(option));
            if (oneDashForm) {
                List<String> oneDash = new ArrayList<>(List.of(option.substring(1)));
                oneDash.addAll(samples.get(option));
                forms.put("one dash", oneDash);
            }
            for (Map.Entry<String, List<String>> form : forms.entrySet()) {
                String[] args = line.apply(option, form.getValue()).toArray(String[]::new);
                if (stockRefusal.apply(args).isEmpty()) {
                    taken++;
                    assertThat(DropInParse.refusal(command, args)).as(option + " " + form.getKey() + ": " + List.of(args))
                            .isEmpty();
                }
            }
        }
        return taken;
    }

    /**
     * argparse4j takes any prefix of an option that names no other: {@code --num 1000}. Every prefix the stock producer
     * takes must mean the same option in kbench: the workload and the connection are those of the full name.
     */
    @Test
    void everyPrefixTheStockProducerTakesMeansTheSameOptionInKbench() throws ReflectiveOperationException {
        Map<String, List<String>> samples = producerSamples();
        int taken = 0;
        for (String option : PerfToolFlagsTest.stockProducerOptions()) {
            if (NOT_RUN.contains(option)) {
                continue;
            }
            List<String> full = new ArrayList<>(List.of(option));
            full.addAll(samples.get(option));
            DropInParse.Parsed expected = DropInParse.parse("produce", producerLine(option, full).toArray(String[]::new));
            for (int end = 3; end < option.length(); end++) {
                List<String> prefixed = new ArrayList<>(List.of(option.substring(0, end)));
                prefixed.addAll(samples.get(option));
                String[] args = producerLine(option, prefixed).toArray(String[]::new);
                if (StockPerfTools.producerRefusal(args).isEmpty()) {
                    taken++;
                    assertThat(DropInParse.parse("produce", args)).as(List.of(args).toString()).isEqualTo(expected);
                }
            }
        }
        // --topic alone has --to, --top, --topi; every option has some.
        assertThat(taken).as("prefixes the stock tool takes").isGreaterThan(100);
    }
}
