package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code cluster.kafkaVersion} and {@code cluster.javaHome}: what binds, what is refused, and that both sweep. */
class ClusterReleaseSpecTest {
    private final SpecLoader loader = new SpecLoader();

    private WorkloadSpec load(String... overrides) {
        return loader.load(null, List.of(overrides));
    }

    @Test
    void absentStaysAbsentSoOlderResultsReadBackUnchanged() {
        ClusterSpec cluster = load().cluster();
        assertThat(cluster.kafkaVersion()).isNull();
        assertThat(cluster.javaHome()).isNull();
    }

    @Test
    void aReleaseAndAJdkBind() {
        ClusterSpec cluster = load("cluster.kafkaVersion=3.9.1", "cluster.javaHome=/usr/lib/jvm/temurin-25-jdk-amd64")
                .cluster();
        assertThat(cluster.kafkaVersion()).isEqualTo("3.9.1");
        assertThat(cluster.javaHome()).isEqualTo("/usr/lib/jvm/temurin-25-jdk-amd64");
    }

    @Test
    void aVersionBelowTheKraftFloorOrNotAReleaseIsOneLineNamingTheKey() {
        assertThatThrownBy(() -> load("cluster.kafkaVersion=3.6.2")).isInstanceOf(InvalidInputException.class)
                .hasMessage("cluster.kafkaVersion: must be a KRaft release from 3.7.0 on (got 3.6.2)");
        assertThatThrownBy(() -> load("cluster.kafkaVersion=latest")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("cluster.kafkaVersion: must be a Kafka release version major.minor.patch")
                .hasMessageContaining("latest");
        assertThatThrownBy(() -> load("cluster.javaHome=' '")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("cluster.javaHome");
    }

    @Test
    void theReleaseIsASweepAxisThatChangesTheCluster() {
        WorkloadSpec old = load("cluster.kafkaVersion=3.9.1");
        WorkloadSpec next = old.with("cluster.kafkaVersion", "4.4.0");
        assertThat(next.cluster().kafkaVersion()).isEqualTo("4.4.0");
        // A sweep restarts its embedded cluster when the points' cluster sections differ (SweepClusters).
        assertThat(next.cluster()).isNotEqualTo(old.cluster());
        assertThat(old.with("cluster.kafkaVersion", "3.9.1").cluster()).isEqualTo(old.cluster());
    }
}
