package io.kbench.cluster;

import static io.kbench.cluster.ClusterTestSupport.alive;
import static io.kbench.cluster.ClusterTestSupport.killAll;
import static io.kbench.cluster.ClusterTestSupport.params;
import static io.kbench.cluster.ClusterTestSupport.processesMentioning;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.error.RunFailedException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real broker JVMs over real sockets; every test stops what it started. */
class EmbeddedClusterIT {
    private EmbeddedCluster cluster;
    private final List<Long> started = new ArrayList<>();

    @AfterEach
    void stopEverything() {
        if (cluster != null) {
            cluster.close();
        }
        killAll(started);
    }

    private EmbeddedCluster start(ClusterParams params) {
        cluster = EmbeddedCluster.start(params, true, System.out);
        started.addAll(cluster.pids());
        return cluster;
    }

    @Test
    void singleBrokerProducesConsumesAndCleansUp() throws Exception {
        EmbeddedCluster c = start(params(1, Map.of()));
        assertThat(c.brokerCount()).isEqualTo(1);
        assertThat(c.pids()).hasSize(1).allMatch(ClusterTestSupport::alive);
        assertThat(c.bootstrapServers()).matches("127\\.0\\.0\\.1:\\d+");
        assertThat(c.startupTime()).isPositive();
        assertThat(c.effectiveBrokerConfig()).containsEntry("offsets.topic.replication.factor", "1")
                .doesNotContainKeys("node.id", "listeners", "log.dirs");
        assertThat(c.dataDir().resolve("logs/broker-1.log")).exists();
        assertThat(ClusterState.read(c.dataDir())).get().extracting(ClusterState::bootstrapServers)
                .isEqualTo(c.bootstrapServers());

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, c.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("it-one", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, c.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("it-one", "k" + i, "v" + i)).get(30, TimeUnit.SECONDS);
            }
        }
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, c.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-one-group",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("it-one"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (values.size() < 5 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    values.add(r.value());
                }
            }
        }
        assertThat(values).containsExactly("v0", "v1", "v2", "v3", "v4");

        // A fault's kill and restart: cluster.json follows the live pid.
        long first = c.pids().get(0);
        c.kill(1);
        c.restart(1, BrokerChange.NONE);
        started.addAll(c.pids());
        assertThat(c.pids().get(0)).isNotEqualTo(first);
        ClusterState.Broker recorded = ClusterState.read(c.dataDir()).orElseThrow().brokers().get(0);
        assertThat(recorded.pid()).isEqualTo(c.pids().get(0));
        assertThat(recorded.isRunning()).isTrue();

        long pid = c.pids().get(0);
        Path dataDir = c.dataDir();
        c.close();
        c.close();
        assertThat(alive(pid)).isFalse();
        assertThat(dataDir).doesNotExist();
    }

    @Test
    void threeBrokersReplicateAndStopCompletely() throws Exception {
        EmbeddedCluster c = start(params(3, Map.of("num.io.threads", "4")));
        assertThat(c.pids()).hasSize(3).doesNotHaveDuplicates();
        assertThat(c.bootstrapServers().split(",")).hasSize(3);
        assertThat(c.effectiveBrokerConfig()).containsEntry("num.io.threads", "4")
                .containsEntry("offsets.topic.replication.factor", "3")
                .containsEntry("process.roles", "broker,controller");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, c.bootstrapServers()))) {
            assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)).hasSize(3);
            admin.createTopics(List.of(new NewTopic("it-three", 3, (short) 3))).all().get(30, TimeUnit.SECONDS);
            TopicDescription d = describeOnceKnown(admin, "it-three");
            assertThat(d.partitions()).hasSize(3).allSatisfy(p -> assertThat(p.replicas()).hasSize(3));
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain(ReadinessProbe.READY_TOPIC);
        }
        List<Long> pids = c.pids();
        long t0 = System.nanoTime();
        c.close();
        System.out.println("3-broker close took " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms");
        assertThat(pids).noneMatch(ClusterTestSupport::alive);
    }

    @Test
    void brokersDieWithTheirParent(@TempDir Path scratch) throws Exception {
        String javaExe = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process parent = new ProcessBuilder(javaExe, "-cp", System.getProperty("java.class.path"),
                AttachedClusterMain.class.getName())
                .redirectError(scratch.resolve("parent.err").toFile())
                .start();
        List<Long> brokerPids = new ArrayList<>();
        Path dataDir = null;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8));
            String line;
            // readLine returns null if the parent dies early, so this cannot hang past the parent's own timeout.
            while ((line = out.readLine()) != null) {
                if (line.startsWith("PIDS ")) {
                    Arrays.stream(line.substring(5).split(",")).map(Long::parseLong).forEach(brokerPids::add);
                    started.addAll(brokerPids);
                } else if (line.startsWith("DATA ")) {
                    dataDir = Path.of(line.substring(5));
                    break;
                }
            }
            assertThat(brokerPids).as("parent stderr: %s", Files.readString(scratch.resolve("parent.err")))
                    .hasSize(1).allMatch(ClusterTestSupport::alive);

            parent.destroyForcibly();  // SIGKILL: no shutdown hook runs in the parent
            assertThat(parent.waitFor(10, TimeUnit.SECONDS)).isTrue();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (brokerPids.stream().anyMatch(ClusterTestSupport::alive) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(brokerPids).as("broker pids after parent was killed").noneMatch(ClusterTestSupport::alive);
            // Failed before the fix: the killed parent's /tmp/kbench-cluster-* stayed behind; its broker removes it.
            while (Files.exists(dataDir) && System.nanoTime() < deadline + TimeUnit.SECONDS.toNanos(10)) {
                Thread.sleep(200);
            }
            assertThat(dataDir).as("the temporary cluster directory after the parent was killed").doesNotExist();
        } finally {
            parent.destroyForcibly();
            killAll(brokerPids);
            if (dataDir != null) {
                // Should the brokers not have removed it, the test does.
                DataDirectory.delete(dataDir);
            }
        }
    }

    @Test
    void brokerRunsOnAnotherJdk() {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assumeTrue(Files.isExecutable(jdk25.resolve("bin/java")), "JDK 25 not installed at " + jdk25);
        EmbeddedCluster c = start(new ClusterParams(1, null, false, Map.of(), jdk25, ClusterTestSupport.TEST_HEAP,
                List.of(), null));
        assertThat(c.brokerJavaVersion()).startsWith("25");
        assertThat(ProcessHandle.of(c.pids().get(0)).flatMap(p -> p.info().command()))
                .get().asString().startsWith(jdk25.toString());
    }

    @Test
    void brokerThatDiesDuringStartupIsNamedAndNothingIsLeft(@TempDir Path dir) {
        ClusterParams p = new ClusterParams(1, dir.resolve("c"), true, Map.of("num.network.threads", "not-a-number"),
                null, ClusterTestSupport.TEST_HEAP, List.of(), null);
        assertThatThrownBy(() -> EmbeddedCluster.start(p, true, System.out, Duration.ofSeconds(60)))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("broker 1")
                .hasMessageContaining("num.network.threads");
        assertThat(processesMentioning(dir.toString())).isEmpty();
    }

    /**
     * Failed before the fix: a temporary cluster whose broker died at startup left its /tmp/kbench-cluster-* directory
     * behind, holding only jmx.access and jmx.password (the logs were elsewhere, as a run's are).
     */
    @Test
    void aTemporaryClusterThatFailsToStartLeavesNoDirectory(@TempDir Path dir) {
        ClusterParams p = new ClusterParams(1, null, false, Map.of("num.network.threads", "not-a-number"), null,
                ClusterTestSupport.TEST_HEAP, List.of(), dir.resolve("broker-logs"), null, null, null);
        java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
        assertThatThrownBy(() -> EmbeddedCluster.start(p, true, new java.io.PrintStream(progress, true),
                Duration.ofSeconds(60))).isInstanceOf(RunFailedException.class).hasMessageContaining("broker 1");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(" in (/\\S*kbench-cluster-\\S+)")
                .matcher(progress.toString());
        assertThat(m.find()).as(progress.toString()).isTrue();
        assertThat(Path.of(m.group(1))).doesNotExist();
        assertThat(dir.resolve("broker-logs")).isDirectory();
    }

    /** Right after creation a broker may not have the topic's metadata yet; ask again until it does. */
    private static TopicDescription describeOnceKnown(Admin admin, String topic) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException)
                        || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }
}
