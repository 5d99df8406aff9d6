package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseSource;
import io.kbench.release.ReleaseVersion;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClusterParamsTest {
    private static ClusterParams params(int brokers, Map<String, String> config, Path javaHome, String heap) {
        return new ClusterParams(brokers, null, false, config, javaHome, heap, null, null);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 10})
    void brokerCountOutOfRangeIsRejected(int brokers) {
        assertThatThrownBy(() -> params(brokers, Map.of(), null, "1g"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("brokers").hasMessageContaining("between 1 and 9")
                .hasMessageContaining("got " + brokers);
    }

    @ParameterizedTest
    @ValueSource(strings = {"node.id", "process.roles", "listeners", "controller.quorum.voters", "log.dirs"})
    void kbenchOwnedKeysCannotBeOverridden(String key) {
        assertThatThrownBy(() -> params(3, Map.of(key, "x"), null, "1g"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(key);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1x", "", "-1g", "g"})
    void badHeapIsRejected(String heap) {
        assertThatThrownBy(() -> params(1, Map.of(), null, heap))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--broker-heap");
    }

    @Test
    void javaHomeWithoutJavaIsRejected() {
        assertThatThrownBy(() -> params(1, Map.of(), Path.of("/nonexistent/jdk"), "1g"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--broker-java-home").hasMessageContaining("/nonexistent/jdk");
    }

    @Test
    void nullsBecomeDefaults() {
        ClusterParams p = new ClusterParams(2, Path.of("rel"), false, null, null, null, null, null);
        assertThat(p.heap()).isEqualTo("1g");
        assertThat(p.jvmFlags()).isEmpty();
        assertThat(p.brokerConfig()).isEmpty();
        assertThat(p.dataDir()).isAbsolute();
        assertThat(p.controllers()).isEqualTo(2);
        assertThat(ClusterParams.of(5).controllers()).isEqualTo(3);
    }

    @Test
    void overridesAreCopied() {
        Map<String, String> config = new HashMap<>(Map.of("num.io.threads", "2"));
        ClusterParams p = new ClusterParams(1, null, false, config, null, "512m", List.of("-XX:+UseZGC"), null);
        config.put("num.network.threads", "9");
        assertThat(p.brokerConfig()).containsOnlyKeys("num.io.threads");
    }

    @Test
    void aReleasesBrokersCannotLoadARemoteStorageManagerFromKbenchsClassPath() {
        KafkaRelease release = new KafkaRelease(ReleaseVersion.parse("v", "3.9.1"), List.of(), List.of(),
                ReleaseSource.CACHED, 0, Path.of("3.9.1.json"));
        Map<String, String> local = new TieredStorageParams(TieredStorageParams.LOCAL_MANAGER, List.of(), Map.of(), 1000)
                .brokerConfig(1);

        assertThatThrownBy(() -> new ClusterParams(1, null, false, local, null, null, null, null, null, null, null, release))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("cluster.tieredStorage.classPath: a release's brokers do not load from kbench's class path;"
                        + " name the jars of a RemoteStorageManager built for 3.9.1 (got none with cluster.kafkaVersion 3.9.1)");
        assertThat(new ClusterParams(1, null, false, local, null, null, null, null, null, null, null, null).release())
                .as("kbench's own Kafka has it").isNull();
        Map<String, String> named = new HashMap<>(local);
        named.put("remote.log.storage.manager.class.path", "/opt/rsm/rsm.jar");
        assertThat(new ClusterParams(1, null, false, named, null, null, null, null, null, null, null, release).release())
                .isEqualTo(release);
    }
}
