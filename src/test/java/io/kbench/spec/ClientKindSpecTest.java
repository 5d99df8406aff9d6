package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.format.StrictMapper;
import org.junit.jupiter.api.Test;

/** {@code producers.client} and {@code consumers.client}: read, defaulted, written, and refused where a driver cannot go. */
class ClientKindSpecTest extends WorkloadFilesTestBase {
    @Test
    void theClientIsJavaUnlessNamedAndIsWrittenOnlyWhenNamed() throws Exception {
        WorkloadSpec plain = load("");
        assertThat(plain.producers().client()).isEqualTo(ClientKind.JAVA);
        assertThat(plain.consumers().client()).isEqualTo(ClientKind.JAVA);
        JsonNode written = StrictMapper.json().valueToTree(plain);
        assertThat(written.path("producers").has("client")).as("java is implied, so older results stay as they were")
                .isFalse();
        assertThat(written.path("consumers").has("client")).isFalse();

        WorkloadSpec franz = load("producers:\n  client: franz-go\nconsumers:\n  client: librdkafka\n");
        assertThat(franz.producers().client()).isEqualTo(ClientKind.FRANZ_GO);
        assertThat(franz.consumers().client()).isEqualTo(ClientKind.LIBRDKAFKA);
        JsonNode named = StrictMapper.json().valueToTree(franz);
        assertThat(named.path("producers").path("client").asText()).isEqualTo("franz-go");
        assertThat(named.path("consumers").path("client").asText()).isEqualTo("librdkafka");
    }

    @Test
    void setNamesTheClientLikeAnyField() {
        assertThat(quickstart("producers.client=franz-go").producers().client()).isEqualTo(ClientKind.FRANZ_GO);
        assertThat(quickstart("consumers.client=java").consumers().client()).isEqualTo(ClientKind.JAVA);
    }

    @Test
    void anUnknownClientIsRefusedNamingTheChoices() {
        rejects("producers:\n  client: sarama\n").hasMessageContaining("producers.client").hasMessageContaining("sarama")
                .hasMessageContaining("franz-go");
    }

    @Test
    void whatAContractV1DriverCannotDoIsRefusedNamingFieldAndClient() {
        rejects("producers:\n  client: franz-go\n  transactions:\n    recordsPerTransaction: 100\n")
                .hasMessageContaining("producers.transactions: runs with client java only")
                .hasMessageContaining("(got client franz-go)");
        rejects("consumers:\n  client: librdkafka\n  mode: share\n")
                .hasMessageContaining("consumers.mode").hasMessageContaining("client librdkafka");
        rejects("consumers:\n  client: franz-go\n  groupProtocol: consumer\n")
                .hasMessageContaining("consumers.groupProtocol").hasMessageContaining("client franz-go");
        rejects("consumers:\n  client: franz-go\n  changes:\n    - at: 5s\n      add: 1\n")
                .hasMessageContaining("consumers.changes");
    }

    @Test
    void theJavaClientKeepsEveryFeature() throws Exception {
        assertThat(load("producers:\n  client: java\n  transactions:\n    recordsPerTransaction: 100\n").producers().transactional())
                .isTrue();
    }

    @Test
    void textIsHowTheWorkloadSpellsIt() {
        assertThat(ClientKind.FRANZ_GO.text()).isEqualTo("franz-go");
        assertThat(ClientKind.choices()).isEqualTo("java, librdkafka, franz-go");
        assertThat(ClientKind.JAVA.external()).isFalse();
        assertThat(ClientKind.LIBRDKAFKA.external()).isTrue();
    }
}
