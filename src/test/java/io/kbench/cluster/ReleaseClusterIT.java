package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.result.BrokerVersion;
import io.kbench.result.ClusterInfo;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import io.kbench.testkit.ItFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedded brokers of other Kafka releases than kbench's own (cluster.kafkaVersion, --kafka-version): 3.9.1 (its own
 * reload4j) and 4.4.0 (kbench's log4j 2 binding) side by side in a versions sweep, and 3.7.0 (a storage tool with only
 * main), each a 1-broker cluster that starts from the release cache (fetched from Maven Central on the first call
 * where the cache lacks it) and takes a short run; what result.json records is what the running brokers report of
 * themselves, not the setting.
 */
@EmbeddedKafka
class ReleaseClusterIT {
    private static final String SMALL_HEAP = "256m";

    @TempDir
    Path tmp;

    @Test
    void aVersionsSweepRunsTwoReleasesSideBySideAndEachResultNamesWhatItsBrokerReported() throws IOException {
        Path results = tmp.resolve("results");
        CliRun sweep = CliRun.of("sweep", "src/test/resources/sweeps/it-versions.yaml", "--no-telemetry",
                "--broker-heap", SMALL_HEAP, "--results-dir", results.toString());
        assertThat(sweep.exitCode()).as(sweep.transcript()).isZero();
        assertThat(sweep.stdout()).as(sweep.transcript()).contains("cluster: starting 1 broker (Kafka 3.9.1 (",
                "cluster: starting 1 broker (Kafka 4.4.0 (");

        Path dir = ItFixture.onlyRunDir(results);
        SweepResult result = ResultReader.read(dir.resolve("sweep.json"), SweepResult.class);
        assertThat(result.points()).extracting(SweepResult.Point::name)
                .containsExactly("cluster.kafkaVersion=3.9.1", "cluster.kafkaVersion=4.4.0");
        for (SweepResult.Point point : result.points()) {
            String version = point.name().substring(point.name().indexOf('=') + 1);
            assertThat(point.cluster().kafkaBrokerVersion()).as(point.toString()).isEqualTo(version);
            RunResult run = ResultReader.read(dir.resolve(point.repetitions().get(0)), RunResult.class);
            ClusterInfo cluster = run.cluster();
            assertThat(cluster.brokerVersions()).as(sweep.transcript()).singleElement().satisfies(v -> {
                assertThat(v.kafkaVersion()).isEqualTo(version);
                assertThat(v.commitId()).isNotBlank();
                assertThat(v.jdk()).isEqualTo(System.getProperty("java.version"));
            });
            assertThat(cluster.kafkaBrokerVersion()).isEqualTo(version);
            assertThat(run.summary().produced().records()).isEqualTo(2000);
            assertThat(run.workload().cluster().kafkaVersion()).isEqualTo(version);
            // The broker logged through its release's logging (reload4j for 3.9.1, kbench's log4j 2 binding for 4.4.0):
            // Kafka's own start-up line, in the line format kbench quotes a failed start from.
            assertThat(brokerLogs(dir)).as("broker logs under " + dir)
                    .anyMatch(l -> contains(l, "] INFO Kafka version: " + version + " ("));
        }
        assertThat(sweep.stdout()).as("a new cluster for the second release")
                .contains("sweep: cluster settings change, restarting the embedded cluster");
    }

    @Test
    void aDetachedClusterOf370WhoseStorageToolHasOnlyMain() throws IOException {
        Path dir = tmp.resolve("cluster");
        CliRun start = ItFixture.startCluster(dir, "--kafka-version", "3.7.0", "--broker-heap", SMALL_HEAP);
        assertThat(start.stderr()).as(start.transcript()).contains("(Kafka 3.7.0 (");
        try {
            assertThat(ClusterState.read(dir).orElseThrow().kafkaVersion()).isEqualTo("3.7.0");
            assertThat(Files.readString(dir.resolve("logs").resolve("broker-1.out")))
                    .as("formatted by 3.7.0's own StorageTool.main, whose Exit.exit was trapped: the broker then started")
                    .contains("Formatting " + dir.resolve("broker-1").resolve("data") + " with metadata.version 3.7-IV4");
            CliRun status = CliRun.of("cluster", "status", "--dir", dir.toString());
            assertThat(status.exitCode()).as(status.transcript()).isZero();
            assertThat(status.stdout()).contains("Kafka 3.7.0");
            // A client of kbench's own Kafka (4.3.1) produces to the 3.7.0 broker.
            Path results = tmp.resolve("results");
            CliRun run = CliRun.of("run", ItFixture.workload("it-produce.yaml"), "--bootstrap-server",
                    ItFixture.bootstrap(start), "--cluster-dir", dir.toString(), "--no-telemetry",
                    "--results-dir", results.toString());
            assertThat(run.exitCode()).as(run.transcript()).isZero();
            assertThat(ItFixture.onlyRun(results).cluster().brokerVersions()).extracting(BrokerVersion::kafkaVersion)
                    .containsExactly("3.7.0");
        } finally {
            RecordedCluster.stop(dir, true);
        }
    }

    @Test
    void aVersionBelowTheFloorIsOneLineBeforeAnyBrokerStarts() {
        CliRun r = CliRun.leavingNothing(tmp.resolve("results"), "run", ItFixture.workload("it-produce.yaml"),
                "--kafka-version", "3.6.2");
        r.assertOneErrorLine(2, Duration.ofSeconds(30), "--kafka-version: must be a KRaft release from 3.7.0 on (got 3.6.2)");
    }

    @Test
    void aReleaseNeitherCachedNorReachableIsOneLineExitOneBeforeAnyBrokerStarts() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty-cache"));
        List<String> command = new ArrayList<>(ItFixture.kbenchJvm("run", ItFixture.workload("it-produce.yaml"),
                "--set", "cluster.kafkaVersion=4.4.0", "--results-dir", tmp.resolve("results").toString()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("KBENCH_KAFKA_CACHE", empty.toString());
        // Loopback port 1: nothing listens, as on a machine without the network.
        pb.environment().put("KBENCH_KAFKA_REPOSITORY", "http://127.0.0.1:1/maven2/");
        Process p = pb.start();
        p.getOutputStream().close();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();

        String transcript = "--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
        assertThat(p.exitValue()).as(transcript).isEqualTo(1);
        assertThat(stderr.lines().filter(l -> !l.isBlank()).toList()).as(transcript).singleElement().asString()
                .startsWith("kbench: error: cluster.kafkaVersion 4.4.0: not in the cache " + empty)
                .contains("could not be reached (ConnectException)", "run 'kbench kafka fetch 4.4.0'");
        assertThat(stdout).as(transcript).doesNotContain("cluster: starting");
    }

    private static List<Path> brokerLogs(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().equals("broker-1.log")).toList();
        }
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (IOException e) {
            return false;
        }
    }
}
