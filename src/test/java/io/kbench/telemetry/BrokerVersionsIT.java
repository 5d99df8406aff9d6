package io.kbench.telemetry;

import static io.kbench.testkit.ItFixture.workload;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.BrokerVersion;
import io.kbench.result.ClusterInfo;
import io.kbench.result.run.RunResult;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The brokers' versions in result.json are read from the running brokers over JMX (their app-info MBean), for the
 * embedded cluster with telemetry off and for an external cluster reached through --broker-jmx.
 */
@EmbeddedKafka
class BrokerVersionsIT {
    /** What the brokers kbench launches run: its own Kafka jars (kafka.version in pom.xml). */
    private static final String KAFKA = AppInfoParser.getVersion();

    @TempDir
    Path tmp;

    @Test
    void anEmbeddedRunRecordsWhatEachBrokerReportsEvenWithTelemetryOff() throws Exception {
        Path results = tmp.resolve("results");
        CliRun run = CliRun.of("run", workload("it-produce.yaml"), "--brokers", "2", "--no-telemetry",
                "--broker-heap", "256m", "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();

        ClusterInfo cluster = ItFixture.onlyRun(results).cluster();

        assertThat(cluster.brokerVersions()).as(run.transcript()).hasSize(2);
        assertThat(cluster.brokerVersions()).extracting(BrokerVersion::nodeId).containsExactly(1, 2);
        assertThat(cluster.brokerVersions()).allSatisfy(v -> {
            assertThat(v.kafkaVersion()).isEqualTo(KAFKA);
            assertThat(v.commitId()).isEqualTo(AppInfoParser.getCommitId());
            assertThat(v.jdk()).isEqualTo(System.getProperty("java.version"));
            assertThat(v.jmxAddress()).matches("127\\.0\\.0\\.1:\\d+");
        });
        assertThat(cluster.kafkaBrokerVersion()).isEqualTo(KAFKA);
        assertThat(cluster.metadataVersion()).isNull();
    }

    @Test
    void anExternalClusterWithBrokerJmxRecordsItsBrokersVersions() throws Exception {
        Path clusterDir = tmp.resolve("cluster");
        CliRun start = ItFixture.startCluster(clusterDir, "--broker-heap", "256m");
        String jmxLine = start.stdout().lines().filter(l -> l.startsWith("jmx: ")).findFirst().orElseThrow();
        String jmx = jmxLine.substring(5, jmxLine.indexOf(' ', 5));
        Path results = tmp.resolve("results");

        CliRun run = CliRun.of("run", workload("it-produce.yaml"), "--bootstrap-server", ItFixture.bootstrap(start),
                "--broker-jmx", jmx, "--broker-jmx-password-file", clusterDir.resolve("jmx.password").toString(),
                "--results-dir", results.toString());
        assertThat(run.exitCode()).as(run.transcript()).isZero();

        RunResult result = ItFixture.onlyRun(results);
        ClusterInfo cluster = result.cluster();
        assertThat(cluster.mode()).isEqualTo("external");
        assertThat(cluster.brokerVersions()).as(run.transcript()).singleElement().satisfies(v -> {
            assertThat(v.jmxAddress()).isEqualTo(jmx);
            assertThat(v.nodeId()).isEqualTo(1);
            assertThat(v.kafkaVersion()).isEqualTo(KAFKA);
            assertThat(v.jdk()).isEqualTo(System.getProperty("java.version"));
        });
        assertThat(cluster.kafkaBrokerVersion()).isEqualTo(KAFKA);
        assertThat(cluster.metadataVersion()).matches("\\d+\\.\\d+-IV\\d+");
    }
}
