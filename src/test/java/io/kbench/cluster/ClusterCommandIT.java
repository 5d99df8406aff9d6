package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kbench cluster start/status/stop} end to end, through {@link Main#execute}. */
@EmbeddedKafka
class ClusterCommandIT {
    @TempDir
    Path dir;

    /** Exit code plus everything the command printed. */
    private record Run(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    private static Run kbench(String... args) {
        CliRun r = CliRun.of(args);
        return new Run(r.exitCode(), r.stdout(), r.stderr());
    }

    @Test
    void startStatusStopRoundTrip() {
        Path clusterDir = dir.resolve("cluster");
        String d = clusterDir.toString();

        Run start = kbench("cluster", "start", "--brokers", "1", "--dir", d, "--broker-heap", "256m",
                "--broker-config", "num.io.threads=3");
        System.out.println(start);
        assertThat(start.exitCode()).as("%s", start).isZero();
        List<String> lines = start.out().lines().toList();
        String bootstrap = lines.get(lines.size() - 1);
        assertThat(bootstrap).as("%s", start).matches("127\\.0\\.0\\.1:\\d+");
        assertThat(start.err()).contains("cluster: starting 1 broker", "cluster: ready in");
        ClusterState state = ClusterState.read(clusterDir).orElseThrow();
        assertThat(state.bootstrapServers()).isEqualTo(bootstrap);
        assertThat(state.attached()).isFalse();
        long pid = state.brokers().get(0).pid();
        assertThat(clusterDir.resolve("broker-1/server.properties")).content().contains("num.io.threads=3");

        Run status = kbench("cluster", "status", "--dir", d);
        assertThat(status.exitCode()).as("%s", status).isZero();
        assertThat(status.out()).contains("broker 1: pid " + pid, "alive", bootstrap);

        Run again = kbench("cluster", "start", "--dir", d, "--broker-heap", "256m");
        assertThat(again.exitCode()).as("%s", again).isEqualTo(2);
        assertThat(again.err().lines().toList()).as("%s", again).hasSize(1);
        assertThat(again.err()).contains("already running", Long.toString(pid));

        Run stop = kbench("cluster", "stop", "--dir", d);
        assertThat(stop.exitCode()).as("%s", stop).isZero();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(clusterDir.resolve("broker-1/data")).isDirectory();

        Run deadStatus = kbench("cluster", "status", "--dir", d);
        assertThat(deadStatus.exitCode()).as("%s", deadStatus).isEqualTo(1);
        assertThat(deadStatus.out()).contains("dead");

        Run delete = kbench("cluster", "stop", "--dir", d, "--delete-data");
        assertThat(delete.exitCode()).as("%s", delete).isZero();
        assertThat(clusterDir).doesNotExist();
    }

    /**
     * Issue 26: local workers against a {@code kbench cluster start} cluster. Nothing names its brokers, yet its
     * directory lists them and everything runs on this host: the run samples the brokers' JMX (with the directory's
     * password) and this host, and the diagnosis judges the run instead of "could not be judged".
     */
    @Test
    void localWorkersAgainstAStartedClusterAreJudgedFromItsBrokersAndThisHost() throws Exception {
        Path clusterDir = dir.resolve("cluster");
        Run start = kbench("cluster", "start", "--brokers", "1", "--dir", clusterDir.toString(), "--broker-heap", "256m");
        assertThat(start.exitCode()).as("%s", start).isZero();
        List<String> lines = start.out().lines().toList();
        String bootstrap = lines.get(lines.size() - 1);
        try {
            Path w = java.nio.file.Files.writeString(dir.resolve("w.yaml"), """
                    name: it-started-cluster
                    topic: {partitions: 2, replicationFactor: 1}
                    producers: {count: 1, rate: 500, duration: 4s, warmupDuration: 1s, recordSize: 100}
                    consumers: {mode: none}
                    """);
            Path results = dir.resolve("results");
            CliRun run = CliRun.of("run", w.toString(), "--bootstrap-server", bootstrap, "--cluster-dir",
                    clusterDir.toString(), "--local-workers", "1", "--results-dir", results.toString());
            assertThat(run.exitCode()).as(run.transcript()).isZero();
            assertThat(run.stdout()).as(run.transcript()).contains("telemetry: the brokers of the kbench cluster in")
                    .doesNotContain("could not be judged").doesNotContain("cannot be read");
            Telemetry t = ItFixture.onlyRun(results).telemetry();
            List<String> available = new java.util.ArrayList<>();
            t.sources().forEach(src -> {
                if (src.available()) {
                    available.add(src.id());
                }
            });
            assertThat(available).as(t.sources().toString()).contains("broker-1", "host");
            String evidence = t.diagnosis() == null ? "" : Objects.toString(t.diagnosis().evidence(), "");
            assertThat(evidence).as(run.transcript()).doesNotContain("could not be judged");
            boolean produceTimes = false;
            for (TelemetrySeries series : t.series()) {
                if (series.metric() == TelemetryMetric.PRODUCE_TOTAL_TIME_MS && series.source().equals("broker-1")) {
                    for (Double v : series.values()) {
                        produceTimes |= v != null;
                    }
                }
            }
            assertThat(produceTimes).as("broker-1's Produce times sampled: %s", t.series()).isTrue();
            // The JDK's agent would have replaced the password by a hash at that login: the next run could not log in.
            assertThat(clusterDir.resolve("jmx.password")).content().doesNotContain("hashed").startsWith("kbench ");

            Run wrongDir = kbench("run", w.toString(), "--bootstrap-server", bootstrap, "--cluster-dir",
                    dir.resolve("nothing").toString());
            assertThat(wrongDir.exitCode()).as("%s", wrongDir).isEqualTo(2);
            assertThat(wrongDir.err().strip()).as("%s", wrongDir).contains("--cluster-dir", "nothing", "cluster.json")
                    .doesNotContain("\n");
        } finally {
            kbench("cluster", "stop", "--dir", clusterDir.toString(), "--delete-data");
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        Run missingFile = kbench("cluster", "start", "--dir", dir.toString(), "--broker-config-file",
                dir.resolve("missing.properties").toString());
        assertThat(missingFile.exitCode()).as("%s", missingFile).isEqualTo(2);
        assertThat(missingFile.err()).contains("missing.properties");

        Run noCluster = kbench("cluster", "status", "--dir", dir.resolve("nothing").toString());
        assertThat(noCluster.exitCode()).as("%s", noCluster).isEqualTo(2);

        Run badJdk = kbench("cluster", "start", "--dir", dir.toString(), "--broker-java-home", "/no/such/jdk");
        assertThat(badJdk.exitCode()).as("%s", badJdk).isEqualTo(2);
        assertThat(badJdk.err()).contains("--broker-java-home");
    }
}
