package io.kbench.telemetry;

import static io.kbench.testkit.ItFixture.workload;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cli.CliRun;
import io.kbench.cluster.EmbeddedKafka;
import io.kbench.result.BrokerVersion;
import io.kbench.result.ClusterInfo;
import io.kbench.testkit.ItFixture;
import java.nio.file.Path;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The brokers' versions in result.json are read from the running brokers over JMX (their app-info MBean), for the
 * embedded cluster with telemetry off, and for an external cluster reached through --broker-jmx: that check
 * ({@link #readOverBrokerJmx}) is made on the run of {@link TelemetryIT#externalClusterThroughBrokerJmx}, on the same
 * kind of detached one-broker cluster this class used to start for it (a cluster start and a run fewer).
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

    /**
     * What a run on an external cluster records with {@code --broker-jmx jmx} (and an unreachable second address,
     * which is left out): the one broker's versions read over its JMX, and the metadata version from the cluster.
     */
    static void readOverBrokerJmx(ClusterInfo cluster, String jmx) {
        assertThat(cluster.mode()).isEqualTo("external");
        assertThat(cluster.brokerVersions()).as(cluster.toString()).singleElement().satisfies(v -> {
            assertThat(v.jmxAddress()).isEqualTo(jmx);
            assertThat(v.nodeId()).isEqualTo(1);
            assertThat(v.kafkaVersion()).isEqualTo(KAFKA);
            assertThat(v.jdk()).isEqualTo(System.getProperty("java.version"));
        });
        assertThat(cluster.kafkaBrokerVersion()).isEqualTo(KAFKA);
        assertThat(cluster.metadataVersion()).matches("\\d+\\.\\d+-IV\\d+");
    }
}
