package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.testkit.ItFixture;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control plane's side doors on a real broker: control topics someone else created with settings the protocol
 * cannot work with (each refused with exit 2 naming the topic, the setting and its value, by a worker and by a
 * coordinator with local workers), the settings kbench gives the topics it creates, and a key holder's stop reason
 * carrying a newline and terminal escapes (printed as one line). Each test failed before the fix: the worker served on
 * (joins would time out), the run went on with clock offsets of about zero, the reason printed raw.
 */
// Timing-sensitive (a refusal within 10 s; a run stopped mid-load): runs with the other timing ITs.
@Tag("timing")
@EmbeddedKafka
class ControlPlaneDoorsIT {
    private static final Duration REFUSED_WITHIN = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void aControlTopicOfThreePartitionsStopsAWorkerNamingIt(EmbeddedCluster cluster) throws Exception {
        recreate(cluster, topic(ControlTopics.CONTROL, 3, Map.of("message.timestamp.type", "LogAppendTime")),
                topic(ControlTopics.RESULTS, 1, Map.of("message.timestamp.type", "LogAppendTime")));
        // Before the fix the worker served on this topic (and never heard a plan keyed to another partition).
        CliRun worker = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("worker",
                "--bootstrap-server", cluster.bootstrapServers(), "--insecure-control", "--id", "doors-1"));
        worker.assertOneErrorLine(2, REFUSED_WITHIN, "kbench: error: kbench-control: 3 partitions; the control topics"
                + " need exactly 1, as each side reads partition 0 only (delete the topic and kbench creates it right)");
    }

    @Test
    void aControlTopicTakingTenMegabyteBatchesStopsAWorkerNamingIt(EmbeddedCluster cluster) throws Exception {
        recreate(cluster, topic(ControlTopics.CONTROL, 1, Map.of("message.timestamp.type", "LogAppendTime",
                "max.message.bytes", "10485760")), topic(ControlTopics.RESULTS, 1, Map.of("message.timestamp.type",
                "LogAppendTime")));
        CliRun worker = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("worker",
                "--bootstrap-server", cluster.bootstrapServers(), "--insecure-control", "--id", "doors-2"));
        worker.assertOneErrorLine(2, REFUSED_WITHIN, "kbench: error: kbench-control: max.message.bytes is 10485760; the"
                + " control topics take at most 1049600");
    }

    @Test
    void aResultsTopicOnCreateTimeStopsTheRunNamingIt(EmbeddedCluster cluster) throws Exception {
        recreate(cluster, topic(ControlTopics.CONTROL, 1, Map.of("message.timestamp.type", "LogAppendTime")),
                topic(ControlTopics.RESULTS, 1, Map.of("message.timestamp.type", "CreateTime")));
        Set<Long> before = children();
        CliRun run = CliRun.of("run", ItFixture.workload("it-distributed.yaml"), "--local-workers", "1",
                "--bootstrap-server", cluster.bootstrapServers(), "--no-telemetry", "--results-dir",
                dir.resolve("results").toString());
        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(2);
        // The run header is printed before the coordinator reaches the topics; the error is the only line on stderr.
        assertThat(run.stderr().lines().filter(l -> !l.isBlank()).toList()).as(run.transcript()).singleElement()
                .asString().isEqualTo("kbench: error: kbench-results: message.timestamp.type is CreateTime; the control"
                        + " topics need LogAppendTime, as clock offsets and freshness are read from the broker's append"
                        + " time (alter the topic, or delete it and kbench creates it right)");
        assertThat(run.took()).as(run.transcript()).isLessThan(Duration.ofSeconds(30));
        assertThat(children()).as("no local worker started: " + run.transcript()).isSubsetOf(before);
    }

    @Test
    void theTopicsKbenchCreatesCarryTheSettingsItChecks(EmbeddedCluster cluster) throws Exception {
        recreate(cluster);
        ControlTopics.ensure(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        try (Admin admin = admin(cluster)) {
            for (String name : List.of(ControlTopics.CONTROL, ControlTopics.RESULTS)) {
                ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, name);
                Config config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
                assertThat(config.get("message.timestamp.type").value()).as(name).isEqualTo("LogAppendTime");
                assertThat(config.get("max.message.bytes").value()).as(name).isEqualTo("1049600");
                assertThat(admin.describeTopics(List.of(name)).allTopicNames().get(30, TimeUnit.SECONDS).get(name)
                        .partitions()).as(name).hasSize(1);
            }
        }
        // Found as created: checked again and used.
        ControlTopics.ensure(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
    }

    /**
     * A topic altered to CreateTime after the check: a clock probe comes back with the record time it was sent with and
     * says so, and a reader refuses a record stamped with its writer's time instead of taking its own clock for it.
     */
    @Test
    void aTopicAlteredToCreateTimeAfterTheCheckIsNamedByTheProbeAndTheReader(EmbeddedCluster cluster) throws Exception {
        recreate(cluster);
        Map<String, String> conn = Map.of("bootstrap.servers", cluster.bootstrapServers());
        ControlTopics.ensure(Map.copyOf(conn));
        ByteArrayOutputStream coordinatorOut = new ByteArrayOutputStream();
        ControlAuth auth = ControlAuth.insecure();
        try (Channel coordinator = new Channel(conn, ControlTopics.CONTROL, ControlTopics.RESULTS, auth,
                ControlCodec.COORDINATOR, new PrintStream(coordinatorOut, true, StandardCharsets.UTF_8));
             Channel worker = new Channel(conn, ControlTopics.RESULTS, ControlTopics.CONTROL, auth, "doors-4",
                     new PrintStream(OutputStream.nullOutputStream()))) {
            assertThat(coordinator.probe("run-1")).as("LogAppendTime: the broker's clock")
                    .isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(60_000L));
            try (Admin admin = admin(cluster)) {
                for (String name : List.of(ControlTopics.CONTROL, ControlTopics.RESULTS)) {
                    admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.TOPIC, name),
                            List.of(new org.apache.kafka.clients.admin.AlterConfigOp(new org.apache.kafka.clients.admin
                                    .ConfigEntry("message.timestamp.type", "CreateTime"),
                                    org.apache.kafka.clients.admin.AlterConfigOp.OpType.SET)))).all().get(30, TimeUnit.SECONDS);
                }
            }
            // The brokers apply the change asynchronously: probe until a probe keeps its own time.
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            Throwable refused = null;
            while (refused == null && System.nanoTime() < deadline) {
                try {
                    coordinator.probe("run-1");
                    Thread.sleep(200);
                } catch (io.kbench.error.InvalidInputException e) {
                    refused = e;
                }
            }
            assertThat(refused).as("a probe on a CreateTime topic is refused").isNotNull()
                    .hasMessage("kbench-control: a clock probe came back with its own record time, not the broker's:"
                            + " the topic's message.timestamp.type is not LogAppendTime");
            worker.sendAndWait(new Message.Heartbeat("run-1", "doors-4", 0, 0, 0, 0, false));
            List<Message> read = new java.util.ArrayList<>();
            long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (System.nanoTime() < until && !coordinatorOut.toString(StandardCharsets.UTF_8).contains("refused")) {
                read.addAll(coordinator.poll(Duration.ofMillis(200)));
            }
            assertThat(read).as("a record stamped with its writer's time is not taken").isEmpty();
            assertThat(coordinatorOut.toString(StandardCharsets.UTF_8)).contains("kbench: warning: coordinator refused a"
                    + " record on kbench-results at offset").contains(": its time is CreateTime, not the broker's append"
                    + " time (kbench-results needs message.timestamp.type=LogAppendTime)");
        } finally {
            recreate(cluster);
        }
    }

    /**
     * A holder of the control key sends a stop whose reason carries a newline and terminal escapes: the worker prints it
     * as one line. Before the fix the newline made a line of its own that read as kbench's error, and the escape
     * cleared the operator's terminal.
     */
    @Test
    void aStopReasonPrintsAsOneLine(EmbeddedCluster cluster) throws Exception {
        recreate(cluster);
        Path keyFile = controlKeyFile();
        ControlAuth auth = ControlAuth.of(ControlKey.fromFile(keyFile, "--control-key-file"));
        Map<String, String> conn = Map.of("bootstrap.servers", cluster.bootstrapServers());
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Worker worker = new Worker(conn, conn, auth, "doors-3", io.kbench.result.Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-doors-worker");
        serving.start();
        AtomicReference<CliRun> run = new AtomicReference<>();
        Thread coordinator = new Thread(() -> run.set(CliRun.of("run", ItFixture.workload("it-distributed.yaml"),
                "--set", "producers.duration=20s", "--workers", "1", "--bootstrap-server", cluster.bootstrapServers(),
                "--control-key-file", keyFile.toString(), "--no-telemetry", "--results-dir",
                dir.resolve("results").toString())), "it-doors-coordinator");
        try {
            await(workerOut, Pattern.compile("waiting for a coordinator"));
            coordinator.start();
            Matcher slice = await(workerOut, Pattern.compile("run ([0-9a-f-]{36}), slice 0"));
            try (Channel channel = new Channel(conn, ControlTopics.CONTROL, ControlTopics.RESULTS, auth,
                    ControlCodec.COORDINATOR, new PrintStream(OutputStream.nullOutputStream()))) {
                channel.sendAndWait(new Message.Stop(slice.group(1), "forged\n\u001b[2Jkbench: error: all brokers lost"));
            }
            await(workerOut, Pattern.compile("stopping run"));
            coordinator.join(120_000);
        } finally {
            worker.stop();
            serving.join(30_000);
        }
        String log = workerOut.toString(StandardCharsets.UTF_8);
        String transcript = "--- worker ---\n" + log + (run.get() == null ? "" : run.get().transcript());
        assertThat(log).as(transcript).doesNotContain("\u001b");
        assertThat(log.lines().filter(l -> l.contains("stopping run")).toList()).as(transcript).singleElement()
                .asString().endsWith(": forged  [2Jkbench: error: all brokers lost");
        assertThat(log.lines().filter(l -> l.startsWith("kbench: error:")).toList()).as(transcript).isEmpty();
        assertThat(serving.isAlive()).isFalse();
    }

    /** Waits up to 90 s for {@code pattern} in the worker's output; returns its match. */
    private static Matcher await(ByteArrayOutputStream out, Pattern pattern) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = pattern.matcher(out.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                return m;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + pattern + "' within 90 s in:\n" + out.toString(StandardCharsets.UTF_8));
    }

    private static NewTopic topic(String name, int partitions, Map<String, String> configs) {
        return new NewTopic(name, partitions, (short) 1).configs(configs);
    }

    /** Deletes both control topics (waiting until they are gone), then creates {@code topics}. */
    private static void recreate(EmbeddedCluster cluster, NewTopic... topics) throws Exception {
        List<String> names = List.of(ControlTopics.CONTROL, ControlTopics.RESULTS);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        try (Admin admin = admin(cluster)) {
            List<String> present = names.stream().filter(listed(admin)::contains).toList();
            if (!present.isEmpty()) {
                admin.deleteTopics(present).all().get(30, TimeUnit.SECONDS);
            }
            while (listed(admin).stream().anyMatch(names::contains)) {
                assertThat(System.nanoTime()).as("control topics deleted within 60 s").isLessThan(deadline);
                Thread.sleep(100);
            }
            for (NewTopic t : topics) {
                while (true) {
                    try {
                        admin.createTopics(List.of(t)).all().get(30, TimeUnit.SECONDS);
                        break;
                    } catch (ExecutionException e) {
                        // The deleted topic of the same name may still be on its way out.
                        if (!(e.getCause() instanceof TopicExistsException) || System.nanoTime() > deadline) {
                            throw e;
                        }
                        Thread.sleep(200);
                    }
                }
            }
        }
    }

    private static Set<String> listed(Admin admin) {
        try {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("cannot list topics: " + e.getMessage(), e);
        }
    }

    private static Admin admin(EmbeddedCluster cluster) {
        return Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
    }

    private static Set<Long> children() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /** A control key file as an operator makes one, owner-only. */
    private Path controlKeyFile() throws IOException {
        return io.kbench.testkit.ControlKeyFiles.write(dir);
    }
}
