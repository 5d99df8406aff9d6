package io.kbench.cli;

import io.kbench.load.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.ConsumerSpec;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.RecordSizeSpec;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kbench consume}: a drop-in for kafka-consumer-perf-test. On an existing cluster it reads
 * {@code --messages} records of an existing topic; on the embedded cluster it first fills the topic.
 */
@Command(name = "consume", mixinStandardHelpOptions = true,
        description = {"Drop-in for kafka-consumer-perf-test: reads --messages records and writes result.json.",
            "Without --bootstrap-server it starts an embedded cluster and fills the topic first."})
public final class ConsumeCommand implements Callable<Integer> {
    @Spec
    CommandSpec command;

    /** Topic to read. */
    @Option(names = "--topic", required = true, description = "Topic to consume from.")
    String topic;

    /** Records to read. */
    @Option(names = "--messages", required = true, description = "Records to consume.")
    long messages;

    /** Consumer group. */
    @Option(names = "--group", description = "Consumer group id (default: a fresh kbench group).")
    String group;

    /** Bytes fetched per partition per request (max.partition.fetch.bytes). */
    @Option(names = "--fetch-size", description = "max.partition.fetch.bytes for the consumers.")
    Integer fetchSize;

    /** Socket receive buffer (receive.buffer.bytes). */
    @Option(names = "--socket-buffer-size", description = "receive.buffer.bytes for the consumers.")
    Integer socketBufferSize;

    /** Stop after this many ms without a record. */
    @Option(names = "--timeout", defaultValue = "10000", description = "Stop after this many ms without records (default: ${DEFAULT-VALUE}).")
    long timeoutMs;

    /** Consumer properties file. */
    @Option(names = "--consumer.config", paramLabel = "FILE", description = "Consumer properties file.")
    Path consumerConfig;

    /** Consumer threads. */
    @Option(names = {"--threads", "--consumers"}, defaultValue = "1", description = "Consumer threads in the group (default: 1).")
    int consumers;

    /** Progress line interval in ms. */
    @Option(names = "--reporting-interval", defaultValue = "5000", description = "Progress line interval in ms (default: ${DEFAULT-VALUE}).")
    long reportingIntervalMs;

    @Option(names = {"--show-detailed-stats", "--hide-header", "--print-metrics"},
            description = "Accepted for compatibility; kbench always prints interval lines and a summary.")
    boolean compatibilityFlags;

    /** Size of the records written when kbench fills the topic (embedded cluster only). */
    @Option(names = "--record-size", defaultValue = "100", description = "Record size when kbench fills the topic on an embedded cluster (default: 100).")
    int recordSize;

    /** Partitions when kbench creates the topic (embedded cluster only). */
    @Option(names = "--partitions", defaultValue = "1", description = "Partitions if kbench creates the topic (default: 1).")
    int partitions;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() {
        io.kbench.spec.TopicName.check("--topic", topic);
        Map<String, String> props = new LinkedHashMap<>();
        if (consumerConfig != null) {
            props.putAll(ConnectionOptions.readProperties(consumerConfig, "--consumer.config"));
        }
        if (fetchSize != null) {
            props.put("max.partition.fetch.bytes", fetchSize.toString());
        }
        if (socketBufferSize != null) {
            props.put("receive.buffer.bytes", socketBufferSize.toString());
        }
        Map<String, String> conn = target.connectionProperties();
        boolean external = conn.containsKey("bootstrap.servers");
        ProducerSpec fill = external
                ? new ProducerSpec(0, null, 0L, null, null, null, null, null, null, null)
                : new ProducerSpec(1, null, messages, null, null, null, RecordSizeSpec.fixed(recordSize), null, null, null);
        WorkloadSpec spec = new WorkloadSpec("consume", null,
                new TopicSpec(topic, partitions, 1, !external, false, null), fill,
                new ConsumerSpec(ConsumerMode.BACKLOG, consumers, group, external ? messages : null,
                        Duration.ofMillis(timeoutMs), props),
                null, Duration.ofMillis(reportingIntervalMs));
        PrintStream out = CommandOutput.out(command);
        RunResult result = target.singleRun(spec, conn, output).execute(out);
        RunOutcome.Totals c = result.summary().consumed();
        out.println("data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec");
        out.println(String.format(Locale.ROOT, "%.4f, %.4f, %d, %.4f",
                c.bytes() / (1024.0 * 1024.0), c.mebibytesPerSec(), c.records(), c.recordsPerSec()));
        return RunCommand.exitCode(result);
    }
}
