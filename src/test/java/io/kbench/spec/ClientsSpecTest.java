package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clients.kafkaVersion}: what binds, and what a client of an older release cannot run, refused in one line
 * when the workload is read (so before any broker starts, --dry-run included).
 */
class ClientsSpecTest {
    private final SpecLoader loader = new SpecLoader();

    private WorkloadSpec load(String... overrides) {
        return loader.load(null, List.of(overrides));
    }

    @Test
    void absentStaysAbsentSoOlderResultsReadBackUnchanged() {
        WorkloadSpec spec = load();
        assertThat(spec.clients()).isNull();
        assertThat(spec.clientKafkaVersion()).isNull();
    }

    @Test
    void aReleaseBinds() {
        WorkloadSpec spec = load("clients.kafkaVersion=3.9.1");
        assertThat(spec.clientKafkaVersion()).isEqualTo("3.9.1");
        assertThat(spec.with("clients.kafkaVersion", "4.4.0").clientKafkaVersion()).isEqualTo("4.4.0");
    }

    @Test
    void aVersionBelowTheKraftFloorOrNotAReleaseIsOneLineNamingTheKey() {
        assertThatThrownBy(() -> load("clients.kafkaVersion=3.6.2")).isInstanceOf(InvalidInputException.class)
                .hasMessage("clients.kafkaVersion: must be a KRaft release from 3.7.0 on (got 3.6.2)");
        assertThatThrownBy(() -> load("clients.kafkaVersion=4.4")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("clients.kafkaVersion: must be a Kafka release version major.minor.patch");
    }

    @Test
    void shareGroupsNeedAClientOf41() {
        assertThatThrownBy(() -> load("consumers.mode=share", "clients.kafkaVersion=4.0.0"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("clients.kafkaVersion: cannot run consumers.mode share (share groups, KIP-932), which needs"
                        + " a client of Kafka 4.1.0 or later (got 4.0.0)");
        assertThat(load("consumers.mode=share", "clients.kafkaVersion=4.1.0").clientKafkaVersion()).isEqualTo("4.1.0");
    }

    /** Its wait for the offload asks for KIP-1005's offsets, which 3.7.0's client lacks. */
    @Test
    void aBacklogReadOfATieredTopicNeedsAClientOf39(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("tiered.yaml"), """
                name: tiered
                topic: {name: tiered, configs: {remote.storage.enable: "true"}}
                producers: {count: 1, records: 1000, recordSize: 100}
                consumers: {mode: backlog}
                """);
        assertThatThrownBy(() -> loader.load(file, List.of("clients.kafkaVersion=3.7.0")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("clients.kafkaVersion: cannot run a backlog read of a tiered topic")
                .hasMessageEndingWith("needs a client of Kafka 3.9.0 or later (got 3.7.0)");
        assertThat(loader.load(file, List.of("clients.kafkaVersion=3.9.1")).clientKafkaVersion()).isEqualTo("3.9.1");
        assertThat(loader.load(file, List.of("clients.kafkaVersion=3.7.0", "topic.configs.remote.storage.enable=false"))
                .clientKafkaVersion()).isEqualTo("3.7.0");
    }

    @Test
    void theConsumerGroupProtocolNeedsAClientOf40ByFieldOrByProperty() {
        assertThatThrownBy(() -> load("consumers.groupProtocol=consumer", "clients.kafkaVersion=3.9.1"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("clients.kafkaVersion: cannot run the consumer group protocol (groupProtocol consumer,"
                        + " KIP-848), which needs a client of Kafka 4.0.0 or later (got 3.9.1)");
        assertThatThrownBy(() -> load("consumers.properties.group.protocol=CONSUMER", "clients.kafkaVersion=3.9.1"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("KIP-848");
        assertThat(load("consumers.groupProtocol=classic", "clients.kafkaVersion=3.9.1").clientKafkaVersion())
                .isEqualTo("3.9.1");
        assertThat(load("consumers.groupProtocol=consumer", "clients.kafkaVersion=4.0.0").clientKafkaVersion())
                .isEqualTo("4.0.0");
    }
}
