package io.kbench.cli;

import io.kbench.console.ProducerPerfText;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.Summary;
import io.kbench.spec.ConsumerSpec;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.PropertyKind;
import io.kbench.spec.TopicName;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.TransactionSpec;
import io.kbench.spec.UncheckedProperties;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.CommonClientConfigs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kbench produce}: a drop-in for kafka-producer-perf-test. Same flags, same final line, plus
 * HdrHistogram latency in microseconds, failed sends counted and result.json.
 */
@Command(name = "produce", mixinStandardHelpOptions = true,
        description = {"Drop-in for kafka-producer-perf-test: accepts its flags, prints its final line and also writes"
                + " result.json.",
            "Without --bootstrap-server (or bootstrap.servers in --producer-props) it starts an embedded cluster."})
public final class ProduceCommand implements Callable<Integer> {
    /** kafka-producer-perf-test's transaction duration when only a transactional id is given. */
    static final long DEFAULT_TRANSACTION_DURATION_MS = 3000;
    /** kbench's progress lines come at most this often (a workload's reportInterval minimum). */
    private static final long MIN_PROGRESS_INTERVAL_MS = 100;

    @Spec
    CommandSpec command;

    /** Topic to produce to. */
    @Option(names = "--topic", required = true, description = "Topic to produce to.")
    String topic;

    /** Records to send, warm-up included (as in kafka-producer-perf-test). */
    @Option(names = "--num-records", required = true, description = "Records to send, including --warmup-records.")
    long numRecords;

    /**
     * One of --record-size, --payload-file and --payload-monotonic, as the stock tool requires (checked by
     * {@link ProducerRecordOptions.Choice#checkExactlyOne}: picocli's exclusive group would refuse one of them given
     * twice, which the stock tool takes).
     */
    @Mixin
    ProducerRecordOptions.Choice payload = new ProducerRecordOptions.Choice();

    @Mixin
    ProducerRecordOptions records = new ProducerRecordOptions();

    /** Target records/s; -1 for unlimited. */
    @Option(names = "--throughput", required = true, description = "Target records/s over all producers; -1 for unlimited.")
    double throughput;

    /** Producer properties, e.g. acks=all linger.ms=5 (the stock tool's deprecated name of --command-property). */
    @Option(names = "--producer-props", paramLabel = "KEY=VALUE", parameterConsumer = KeyValueRun.class,
            description = "Producer properties, e.g. bootstrap.servers=host:9092 acks=all (the stock tool's older name of"
                    + " --command-property); win over --producer.config and --command-config.")
    List<String> producerProps = new ArrayList<>();

    /** Producer properties file. */
    @Option(names = "--producer.config", paramLabel = "FILE", description = "Producer properties file.")
    Path producerConfig;

    /** Initial records excluded from the statistics. */
    @Option(names = "--warmup-records", defaultValue = "0", description = "Initial records excluded from the statistics.")
    long warmupRecords;

    /** Producer threads (kbench extension; the stock tool has one). */
    @Option(names = "--producers", defaultValue = "1", description = "Producer threads, each with its own producer (default: 1).")
    int producers;

    /** Partitions when kbench creates the topic (kbench extension). */
    @Option(names = "--partitions", defaultValue = "1", description = "Partitions if kbench creates the topic (default: 1).")
    int partitions;

    @Option(names = "--print-metrics", description = "Print the producer client's metrics after the final line, as the stock tool.")
    boolean printMetrics;

    /** Progress interval: the stock tool's window line and kbench's own progress line, each interval. */
    @Option(names = "--reporting-interval", defaultValue = "5000", paramLabel = "MS",
            description = "Progress interval in ms: the stock tool's 'N records sent, ...' line and kbench's own"
                    + " (default: ${DEFAULT-VALUE}; at least 100 ms apart).")
    long reportingIntervalMs;

    /** Transactional id; enables transactions (as transactional.id in the producer properties does). */
    @Option(names = "--transactional-id", paramLabel = "ID",
            description = {"Send in transactions with this transactional.id (with --producers N: ID-0 .. ID-N-1).",
                "Wins over transactional.id in --producer-props or --producer.config."})
    String transactionalId;

    /** The age at which a transaction is committed; enables transactions. */
    @Option(names = "--transaction-duration-ms", paramLabel = "MS",
            description = {"Commit each transaction once it is this old (checked after each send).",
                "Enables transactions; default 3000 when a transactional id is given."})
    Long transactionDurationMs;

    @Mixin
    PerfToolOptions tool = new PerfToolOptions();

    @Override
    public Integer call() {
        Map<String, String> conn = tool.target.connectionProperties();
        WorkloadSpec spec = workload(conn);
        PrintStream out = CommandOutput.out(command);
        tool.target.restrictClientCpus();
        ClientMetricsTable clientMetrics = ClientMetricsTable.forFlag(printMetrics, ClientMetricsTable.Clients.PRODUCERS);
        SendCallLatency fromSendCall = new SendCallLatency(out, clientMetrics);
        RunResult result = tool.singleRun(spec, conn, fromSendCall).execute(out);
        Summary summary = result.summary();
        boolean fixedRate = "intendedSendTime".equals(summary.latencyMeasuredFrom());
        if (fixedRate) {
            // At a fixed rate kbench's own figures start at the intended send time; the stock tool's at the send call.
            out.println(ProducerPerfText.correctedLine(summary.publishLatencyMicros()));
        }
        // Unlimited, kbench's publish latency already starts at the send call (the producers do not record it twice).
        out.println(ProducerPerfText.perfTestLine(summary.produced(), fixedRate ? fromSendCall.stats()
                : summary.publishLatencyMicros() == null ? LatencyStats.EMPTY : summary.publishLatencyMicros()));
        // After the final line, as the stock tool prints its producer's metrics.
        clientMetrics.lines().forEach(out::println);
        return tool.output.exit(command, ExitPolicy.of(result, tool.output.minRateRatio(), out));
    }

    /**
     * The workload the flags describe, checked, before anything starts; {@code conn} (the connection properties) gains
     * bootstrap.servers when --producer-props names it, as the stock tool takes it there.
     */
    WorkloadSpec workload(Map<String, String> conn) {
        TopicName.check("--topic", topic);
        checkShape();
        Map<String, String> props = new LinkedHashMap<>();
        UncheckedProperties unchecked = tool.target.connection.unchecked();
        if (producerConfig != null) {
            Map<String, String> file = ConnectionOptions.readProperties(producerConfig, "--producer.config");
            KafkaConfigCheck.flags("--producer.config " + producerConfig + ": ", file, PropertyKind.PRODUCER, unchecked);
            props.putAll(file);
            // As in the stock tool, --command-property wins over --producer.config: it reaches the producer through the
            // connection properties, which the producer's own properties would otherwise override.
            props.keySet().removeAll(tool.target.connection.commandLineKeys());
        }
        Map<String, String> flags = ConnectionOptions.parsePairs(producerProps, "--producer-props");
        KafkaConfigCheck.flags("--producer-props ", flags, PropertyKind.PRODUCER, unchecked);
        props.putAll(flags);
        // kafka-producer-perf-test takes the cluster address in --producer-props; so does the drop-in.
        String bootstrap = props.remove(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        if (bootstrap != null) {
            conn.putIfAbsent(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        }
        // The stock tool's own advice is "set transactional.id=<id> via --command-property": it comes through the
        // connection properties here, which would hand it to every client, so it is taken out of them (the producer's
        // own properties win, as they do for the producer).
        String idFromConnection = conn.remove(ProducerSpec.TRANSACTIONAL_ID);
        String idFromProperties = props.remove(ProducerSpec.TRANSACTIONAL_ID);
        TransactionSpec transactions = transactions(idFromProperties != null ? idFromProperties : idFromConnection);
        // The stock tool takes a negative --warmup-records as none (Math.max(value, 0)).
        long warmup = Math.max(warmupRecords, 0);
        if (warmup >= numRecords) {
            throw InvalidInputException.field("--warmup-records", warmupRecords, "must be < --num-records (" + numRecords + ")");
        }
        WorkloadSpec spec = new WorkloadSpec("produce", null,
                new TopicSpec(topic, partitions, 1, true, false, null),
                new ProducerSpec(producers, rate(), numRecords - warmup, null, warmup, null,
                        ProducerRecordOptions.recordSize(payload), records.keys(), records.payload(payload),
                        props, null, transactions, null, null, null, null),
                ConsumerSpec.none(), null, Duration.ofMillis(Math.max(MIN_PROGRESS_INTERVAL_MS, reportingIntervalMs)),
                null, null, null, null, unchecked.names());
        if (tool.target.clusterTarget(conn).external() && tool.target.embedded.anyGiven()) {
            throw new InvalidInputException("bootstrap.servers in --producer-props conflicts with embedded-cluster options; use one or the other");
        }
        return spec;
    }

    /**
     * Transactions as kafka-producer-perf-test enables them: a transactional id (flag or property) or a transaction
     * duration; the duration defaults to 3000 ms. Null when neither is given.
     */
    private TransactionSpec transactions(String idFromProperties) {
        String id = transactionalId != null ? transactionalId : idFromProperties;
        if (id == null && transactionDurationMs == null) {
            return null;
        }
        if (transactionDurationMs != null && transactionDurationMs <= 0) {
            throw InvalidInputException.field("--transaction-duration-ms", transactionDurationMs, "must be greater than 0");
        }
        if (id != null && id.isBlank()) {
            throw InvalidInputException.field("--transactional-id", "''", "must not be empty");
        }
        return new TransactionSpec(id, null,
                Duration.ofMillis(transactionDurationMs == null ? DEFAULT_TRANSACTION_DURATION_MS : transactionDurationMs), null);
    }

    /**
     * The target rate: unlimited (-1) for any negative --throughput and for infinity, as the stock tool's throttler
     * never holds back below zero ("-1 to disable throttling" is its advice, any negative does it).
     */
    private double rate() {
        return throughput < 0 || Double.isInfinite(throughput) ? -1 : throughput;
    }

    /** The flags' own names in errors, rather than the workload fields they become. */
    private void checkShape() {
        payload.checkExactlyOne();
        if (numRecords < 1) {
            throw InvalidInputException.field("--num-records", numRecords, "must be at least 1");
        }
        if (throughput == 0) {
            // The stock tool accepts 0 and then waits forever after the first record (its throttler's rate-0 case).
            throw InvalidInputException.field("--throughput", "0", "must be a positive records/s, or -1 for unlimited"
                    + " (kafka-producer-perf-test would send one record and wait forever)");
        }
        if (Double.isNaN(throughput)) {
            throw InvalidInputException.field("--throughput", throughput, "must be a positive records/s, or -1 for unlimited");
        }
        Checks.atLeast("--reporting-interval", reportingIntervalMs, 1);
    }
}
