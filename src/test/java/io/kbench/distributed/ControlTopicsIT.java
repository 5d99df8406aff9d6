package io.kbench.distributed;

import static io.kbench.distributed.ControlTopicsFixture.admin;
import static io.kbench.distributed.ControlTopicsFixture.config;
import static io.kbench.distributed.ControlTopicsFixture.recreate;
import static io.kbench.distributed.ControlTopicsFixture.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.error.InvalidInputException;
import io.kbench.testkit.ItFixture;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control topics as found on a real broker. Created by someone else with a setting the protocol cannot work with,
 * each is refused with exit 2 naming the topic, the setting and its value, by a worker and by a coordinator with local
 * workers, before anything is started (before the check the worker served on, joins timed out, or the run went on with
 * clock offsets of about zero). Created by someone else right, they are used as found, untouched; created by kbench,
 * they carry the settings it checks; altered after the check, the probe and the reader name it.
 */
// Timing-sensitive (a refusal within 10 s): runs with the other timing ITs.
@Tag("timing")
@EmbeddedKafka
class ControlTopicsIT {
    private static final Duration REFUSED_WITHIN = Duration.ofSeconds(10);
    private static final Map<String, String> APPEND_TIME = Map.of("message.timestamp.type", "LogAppendTime");

    @TempDir
    Path dir;

    @Test
    void aControlTopicOfThreePartitionsStopsAWorkerNamingIt(EmbeddedCluster cluster) throws Exception {
        recreate(cluster, topic(ControlTopics.CONTROL, 3, APPEND_TIME), topic(ControlTopics.RESULTS, 1, APPEND_TIME));
        CliRun worker = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("worker",
                "--bootstrap-server", cluster.bootstrapServers(), "--insecure-control", "--id", "topics-1"));
        worker.assertOneErrorLine(2, REFUSED_WITHIN, "kbench: error: kbench-control: 3 partitions; the control topics"
                + " need exactly 1, as each side reads partition 0 only (delete the topic and kbench creates it right)");
    }

    @Test
    void aControlTopicTakingTenMegabyteBatchesStopsAWorkerNamingIt(EmbeddedCluster cluster) throws Exception {
        recreate(cluster, topic(ControlTopics.CONTROL, 1, Map.of("message.timestamp.type", "LogAppendTime",
                "max.message.bytes", "10485760")), topic(ControlTopics.RESULTS, 1, APPEND_TIME));
        CliRun worker = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("worker",
                "--bootstrap-server", cluster.bootstrapServers(), "--insecure-control", "--id", "topics-2"));
        worker.assertOneErrorLine(2, REFUSED_WITHIN, "kbench: error: kbench-control: max.message.bytes is 10485760; the"
                + " control topics take at most 1049600");
    }

    @Test
    void aResultsTopicOnCreateTimeStopsTheRunNamingIt(EmbeddedCluster cluster) throws Exception {
        recreate(cluster, topic(ControlTopics.CONTROL, 1, APPEND_TIME),
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

    /**
     * An operator created both topics ahead, right but not as kbench would (Kafka's default batch bound, a shorter
     * retention): a worker serves on them, a clock probe reads the broker's append time, and neither setting changed.
     */
    @Test
    void topicsAnOperatorCreatedRightAreUsedAsFound(EmbeddedCluster cluster) throws Exception {
        Map<String, String> operators = Map.of("message.timestamp.type", "LogAppendTime", "max.message.bytes", "1048588",
                "retention.ms", "600000");
        recreate(cluster, topic(ControlTopics.CONTROL, 1, operators), topic(ControlTopics.RESULTS, 1, operators));
        Map<String, String> conn = Map.of("bootstrap.servers", cluster.bootstrapServers());
        ByteArrayOutputStream workerOut = new ByteArrayOutputStream();
        Worker worker = new Worker(conn, conn, ControlAuth.insecure(), "topics-3", io.kbench.result.Versions.kbench(),
                new PrintStream(workerOut, true, StandardCharsets.UTF_8));
        Thread serving = new Thread(worker::serve, "it-topics-worker");
        serving.start();
        try {
            ControlTopicsFixture.await(workerOut, Pattern.compile("worker topics-3: pid [0-9]+, .* waiting for a coordinator"));
            try (Channel coordinator = new Channel(conn, ControlTopics.CONTROL, ControlTopics.RESULTS,
                    ControlAuth.insecure(), ControlCodec.COORDINATOR, new PrintStream(OutputStream.nullOutputStream()))) {
                assertThat(coordinator.probe("run-1")).as("the broker's append time")
                        .isCloseTo(System.currentTimeMillis(), Offset.offset(60_000L));
            }
        } finally {
            worker.stop();
            serving.join(30_000);
        }
        assertThat(serving.isAlive()).isFalse();
        assertThat(workerOut.toString(StandardCharsets.UTF_8)).doesNotContain("kbench: error").doesNotContain("refused");
        for (String name : List.of(ControlTopics.CONTROL, ControlTopics.RESULTS)) {
            Config config = config(cluster, name);
            assertThat(config.get("max.message.bytes").value()).as(name).isEqualTo("1048588");
            assertThat(config.get("retention.ms").value()).as(name).isEqualTo("600000");
        }
    }

    @Test
    void theTopicsKbenchCreatesCarryTheSettingsItChecks(EmbeddedCluster cluster) throws Exception {
        recreate(cluster);
        ControlTopics.ensure(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        try (Admin admin = admin(cluster)) {
            for (String name : List.of(ControlTopics.CONTROL, ControlTopics.RESULTS)) {
                Config config = config(cluster, name);
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
             Channel worker = new Channel(conn, ControlTopics.RESULTS, ControlTopics.CONTROL, auth, "topics-4",
                     new PrintStream(OutputStream.nullOutputStream()))) {
            assertThat(coordinator.probe("run-1")).as("LogAppendTime: the broker's clock")
                    .isCloseTo(System.currentTimeMillis(), Offset.offset(60_000L));
            try (Admin admin = admin(cluster)) {
                for (String name : List.of(ControlTopics.CONTROL, ControlTopics.RESULTS)) {
                    admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.TOPIC, name),
                            List.of(new AlterConfigOp(new ConfigEntry("message.timestamp.type", "CreateTime"),
                                    AlterConfigOp.OpType.SET)))).all().get(30, TimeUnit.SECONDS);
                }
            }
            // The brokers apply the change asynchronously: probe until a probe keeps its own time.
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            Throwable refused = null;
            while (refused == null && System.nanoTime() < deadline) {
                try {
                    coordinator.probe("run-1");
                    Thread.sleep(200);
                } catch (InvalidInputException e) {
                    refused = e;
                }
            }
            assertThat(refused).as("a probe on a CreateTime topic is refused").isNotNull()
                    .hasMessage("kbench-control: a clock probe came back with its own record time, not the broker's:"
                            + " the topic's message.timestamp.type is not LogAppendTime");
            worker.sendAndWait(new Message.Heartbeat("run-1", "topics-4", 0, 0, 0, 0, false));
            List<Message> read = new ArrayList<>();
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

    private static Set<Long> children() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    }
}
