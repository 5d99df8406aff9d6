package io.kbench.cli;

import io.kbench.console.ConsumerPerfCsv;
import io.kbench.console.ConsumerPerfPrinter;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.run.RunResult;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.ConsumerSpec;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.PropertyKind;
import io.kbench.spec.RecordSizeSpec;
import io.kbench.spec.TopicName;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.Units;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kbench consume}: a drop-in for kafka-consumer-perf-test (Kafka 4.3): its flags, its defaults and its
 * CSV lines, plus result.json. On an existing cluster it reads {@code --num-records} records of an existing
 * topic; on the embedded cluster it first fills the topic.
 */
@Command(name = "consume", mixinStandardHelpOptions = true,
        description = {"Drop-in for kafka-consumer-perf-test: reads --num-records records, prints that tool's CSV"
                + " lines and writes result.json.",
            "Without --bootstrap-server it starts an embedded cluster and fills the topic first."})
public final class ConsumeCommand implements Callable<Integer> {
    static final int DEFAULT_FETCH_SIZE = (int) Units.BYTES_PER_MIB;
    static final int DEFAULT_SOCKET_BUFFER_SIZE = 2 * (int) Units.BYTES_PER_MIB;
    /** kbench's own progress lines come at most this often; the CSV lines follow --reporting-interval exactly. */
    private static final long MIN_PROGRESS_INTERVAL_MS = 100;

    @Spec
    CommandSpec commandSpec;

    /** Topic to read. */
    @Option(names = "--topic", description = "Topic to consume from (this or --include).")
    String topic;

    /** Regex of the existing topics to read, instead of --topic. */
    @Option(names = "--include", paramLabel = "REGEX",
            description = "Java regex of existing topics to consume from, instead of --topic (needs --bootstrap-server).")
    String include;

    /** Records to read; --messages is the pre-4.2 name. */
    @Option(names = {"--num-records", "--messages"}, required = true,
            description = "Records to consume (--messages: the pre-Kafka-4.2 name).")
    long numRecords;

    /** Consumer group. */
    @Option(names = "--group", description = "Consumer group id (default: a fresh kbench group).")
    String group;

    /** Bytes fetched per partition per request (max.partition.fetch.bytes). */
    @Option(names = "--fetch-size", converter = ByteSizeConverter.class, paramLabel = "BYTES",
            description = "max.partition.fetch.bytes (default: 1 MiB = " + DEFAULT_FETCH_SIZE + ", as the stock tool).")
    Integer fetchSize;

    /** Socket receive buffer (receive.buffer.bytes). */
    @Option(names = "--socket-buffer-size", converter = ByteSizeConverter.class, paramLabel = "BYTES",
            description = "receive.buffer.bytes (default: 2 MiB = " + DEFAULT_SOCKET_BUFFER_SIZE + ", as the stock tool).")
    Integer socketBufferSize;

    /** Start at the end of partitions that have no committed offset. */
    @Option(names = "--from-latest",
            description = "Without a committed offset, start at the latest record instead of the earliest.")
    boolean fromLatest;

    /** Give up after this long without records (the stock tool's --timeout). */
    @Option(names = "--timeout", arity = "0..1", fallbackValue = "10000", defaultValue = "10000", paramLabel = "MS",
            description = "Give up after this many ms without records returned (default: ${DEFAULT-VALUE}).")
    long timeoutMs;

    /** Consumer properties file (the stock tool's deprecated spelling of --command-config, consumer only). */
    @Option(names = "--consumer.config", paramLabel = "FILE", description = "Consumer properties file.")
    Path consumerConfig;

    /** Consumer threads. */
    @Option(names = {"--threads", "--consumers"}, defaultValue = "1", description = "Consumer threads in the group (default: 1).")
    int consumers;

    /** Progress and --show-detailed-stats interval in ms. */
    @Option(names = "--reporting-interval", defaultValue = "5000", paramLabel = "MS",
            description = "Detailed-stats interval in ms; kbench's progress lines at least 100 ms apart (default: ${DEFAULT-VALUE}).")
    long reportingIntervalMs;

    @Option(names = "--show-detailed-stats", description = "Print a CSV line per reporting interval instead of the summary line.")
    boolean showDetailedStats;

    @Option(names = "--hide-header", description = "Do not print the CSV header line.")
    boolean hideHeader;

    @Option(names = "--date-format", defaultValue = ConsumerPerfCsv.DEFAULT_DATE_FORMAT, paramLabel = "PATTERN",
            description = "java.text.SimpleDateFormat pattern of the CSV time columns (default: ${DEFAULT-VALUE}).")
    String dateFormat;

    @Option(names = "--print-metrics", description = "Print the consumer client's metrics at the end, as the stock tool.")
    boolean printMetrics;

    /** Size of the records written when kbench fills the topic (embedded cluster only). */
    @Option(names = "--record-size", converter = ByteSizeConverter.class, defaultValue = "100", description = "Record size when kbench fills the topic on an embedded cluster (default: 100).")
    int recordSize;

    /** Partitions when kbench creates the topic (embedded cluster only). */
    @Option(names = "--partitions", defaultValue = "1", description = "Partitions if kbench creates the topic (default: 1).")
    int partitions;

    /**
     * Arguments that are not options: kafka-consumer-perf-test's parser (jopt-simple) takes and ignores them, so a
     * command line with them runs there (Kafka's system tests append {@code key=value} settings after
     * {@code --consumer.config FILE}, which its consumer never sees); kbench ignores them too, and says so.
     */
    @Parameters(arity = "0..*", paramLabel = "IGNORED", hidden = true)
    List<String> ignored = new ArrayList<>();

    @Mixin
    PerfToolOptions tool = new PerfToolOptions();

    @Override
    public Integer call() {
        ConsumerPerfCsv csv = validate();
        ignoredWarning().ifPresent(commandSpec.commandLine().getErr()::println);
        Map<String, String> conn = tool.target.connectionProperties();
        WorkloadSpec spec = workload(conn);
        ConsumerPerfPrinter printer = new ConsumerPerfPrinter(csv, commandSpec.commandLine().getOut(),
                showDetailedStats, hideHeader, numRecords, timeoutMs, reportingIntervalMs);
        tool.target.restrictClientCpus();
        ClientMetricsTable clientMetrics = ClientMetricsTable.forFlag(printMetrics, ClientMetricsTable.Clients.CONSUMERS);
        RunResult result = tool.singleRun(spec, conn, clientMetrics).execute(CommandOutput.out(commandSpec), printer);
        // After kbench's summary, as the stock tool prints its consumer's metrics after its line.
        clientMetrics.lines().forEach(commandSpec.commandLine().getOut()::println);
        return tool.output.exit(commandSpec,
                ExitPolicy.of(result, tool.output.minRateRatio(), CommandOutput.out(commandSpec)));
    }

    /** The one-line warning about arguments that are not options, which the stock tool ignores silently. */
    Optional<String> ignoredWarning() {
        if (ignored.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("kbench: warning: ignoring " + String.join(" ", ignored) + ": not an option, and"
                + " kafka-consumer-perf-test ignores such arguments too (a consumer property goes after --command-property)");
    }

    /**
     * The workload the flags describe (after {@link #validate}), checked, before anything starts; {@code conn} are the
     * connection properties.
     */
    WorkloadSpec workload(Map<String, String> conn) {
        boolean external = tool.target.clusterTarget(conn).external();
        if (include != null && !external) {
            throw InvalidInputException.field("--include", "'" + include + "'",
                    "needs --bootstrap-server: kbench fills only a named --topic on its embedded cluster");
        }
        ProducerSpec fill = external
                ? new ProducerSpec(0, null, 0L, null, null, null, null, null, null, null, null, null, null, null, null, null)
                : new ProducerSpec(1, null, numRecords, null, null, null, RecordSizeSpec.fixed(recordSize), null, null, null,
                        null, null, null, null, null, null);
        return new WorkloadSpec("consume", null,
                new TopicSpec(topic, partitions, 1, !external, false, null), fill,
                new ConsumerSpec(ConsumerMode.BACKLOG, consumers, group, external ? numRecords : null,
                        Duration.ofMillis(timeoutMs), consumerProperties(conn), include, null, null, null, null, null),
                null, Duration.ofMillis(Math.max(MIN_PROGRESS_INTERVAL_MS, reportingIntervalMs)), null, null, null, null,
                tool.target.connection.unchecked().names());
    }

    /** Checks the flags before anything starts; returns the CSV formatter for the valid date format. */
    ConsumerPerfCsv validate() {
        if ((topic == null) == (include == null)) {
            throw new InvalidInputException("--topic, --include: give exactly one of them");
        }
        if (topic != null) {
            TopicName.check("--topic", topic);
        }
        Checks.atLeast("--num-records", numRecords, 1);
        Checks.atLeast("--timeout", timeoutMs, 1);
        Checks.atLeast("--reporting-interval", reportingIntervalMs, 1);
        if (fetchSize != null) {
            Checks.atLeast("--fetch-size", fetchSize, 1);
        }
        if (socketBufferSize != null && socketBufferSize < -1) {
            throw InvalidInputException.field("--socket-buffer-size", socketBufferSize, "must be >= -1 (-1: the OS default)");
        }
        Checks.between("--threads", consumers, 1, 1024);
        try {
            return new ConsumerPerfCsv(dateFormat, TimeZone.getDefault());
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field("--date-format", "'" + dateFormat + "'", "is not a SimpleDateFormat pattern: " + e.getMessage());
        }
    }

    /**
     * The stock tool's consumer settings: its defaults (fetch size, socket buffer, no CRC check) unless the user
     * set that property (--command-config, --command-property, --consumer.config), then the explicit flags. A
     * property both in --consumer.config and on the command line (--command-property) is the command line's.
     */
    Map<String, String> consumerProperties(Map<String, String> connection) {
        Map<String, String> file = consumerConfig == null ? Map.of()
                : ConnectionOptions.readProperties(consumerConfig, "--consumer.config");
        KafkaConfigCheck.flags("--consumer.config " + consumerConfig + ": ", file, PropertyKind.CONSUMER,
                tool.target.connection.unchecked());
        Map<String, String> props = new LinkedHashMap<>();
        dropInDefaults().forEach((k, v) -> {
            if (!connection.containsKey(k) && !file.containsKey(k)) {
                props.put(k, v);
            }
        });
        props.putAll(file);
        // As in the stock tool, --command-property wins over --consumer.config: it reaches the consumer through the
        // connection properties, which the consumer's own properties would otherwise override.
        props.keySet().removeAll(tool.target.connection.commandLineKeys());
        if (fetchSize != null) {
            props.put("max.partition.fetch.bytes", fetchSize.toString());
        }
        if (socketBufferSize != null) {
            props.put("receive.buffer.bytes", socketBufferSize.toString());
        }
        if (fromLatest) {
            props.put("auto.offset.reset", "latest");
        }
        return props;
    }

    /** What kafka-consumer-perf-test sets on its consumer when the user does not. */
    static Map<String, String> dropInDefaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("max.partition.fetch.bytes", Integer.toString(DEFAULT_FETCH_SIZE));
        d.put("receive.buffer.bytes", Integer.toString(DEFAULT_SOCKET_BUFFER_SIZE));
        // The stock tool skips the CRC32C check of fetched batches; kbench consume measures the same work.
        d.put("check.crcs", "false");
        return d;
    }
}
