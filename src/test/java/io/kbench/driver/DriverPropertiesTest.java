package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientKind;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each client's property table: what maps, how values convert, and the one-line refusal of what a client cannot take. */
class DriverPropertiesTest {
    private static final Map<String, String> NO_CONNECTION = Map.of();

    @TempDir
    Path dir;

    @Test
    void franzGoTakesTheJavaNamesAndNamesTheRebalanceTimeoutPlainly() {
        Map<String, String> producer = DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS,
                Map.of("acks", "all", "linger.ms", "5", "compression.type", "lz4", "buffer.memory", "33554432"), NO_CONNECTION);
        assertThat(producer).containsExactly(Map.entry("acks", "all"), Map.entry("buffer.memory", "33554432"),
                Map.entry("compression.type", "lz4"), Map.entry("linger.ms", "5"));
        Map<String, String> consumer = DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.CONSUMERS,
                Map.of("max.poll.interval.ms", "60000", "fetch.max.wait.ms", "100"), NO_CONNECTION);
        assertThat(consumer).containsExactly(Map.entry("fetch.max.wait.ms", "100"), Map.entry("rebalance.timeout.ms", "60000"));
    }

    @Test
    void librdkafkaGetsItsOwnNamesUnitsAndJavasPartitioner() {
        Map<String, String> producer = DriverProperties.map(ClientKind.LIBRDKAFKA, DriverRole.PRODUCERS,
                Map.of("buffer.memory", "33554433", "max.request.size", "2097152", "acks", "1"), NO_CONNECTION);
        assertThat(producer).containsExactly(Map.entry("acks", "1"), Map.entry("message.max.bytes", "2097152"),
                Map.entry("partitioner", "murmur2_random"),
                Map.entry("queue.buffering.max.kbytes", "32769")); // 32 MiB + 1 byte, rounded up to whole KiB
        Map<String, String> consumer = DriverProperties.map(ClientKind.LIBRDKAFKA, DriverRole.CONSUMERS,
                Map.of("fetch.max.wait.ms", "100"), NO_CONNECTION);
        assertThat(consumer).containsExactly(Map.entry("fetch.wait.max.ms", "100"));
    }

    @Test
    void aNameTheClientCannotHonourIsOneLineNamingClientFieldAndValue() {
        assertThatThrownBy(() -> DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS,
                Map.of("max.block.ms", "30000"), NO_CONNECTION))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("producers.properties.max.block.ms: client franz-go does not understand it; its driver takes"
                        + " the names in docs/clients.md#franz-go (got 30000)");
        // A producer's name on the consumer side is not honoured there (Kafka's check refuses it first in a run).
        assertThatThrownBy(() -> DriverProperties.map(ClientKind.LIBRDKAFKA, DriverRole.CONSUMERS,
                Map.of("linger.ms", "5"), NO_CONNECTION))
                .hasMessageStartingWith("consumers.properties.linger.ms: client librdkafka does not understand it");
    }

    @Test
    void theConnectionsSaslAndPemMaterialBecomeTheDriversOwnKeys() {
        Map<String, String> connection = Map.of("bootstrap.servers", "127.0.0.1:9093", "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kbench\""
                        + " password=\"s3cret\";",
                "ssl.truststore.type", "PEM", "ssl.truststore.certificates", "-----BEGIN CERTIFICATE-----\nMIIB\n",
                "ssl.endpoint.identification.algorithm", "");
        Map<String, String> librdkafka = DriverProperties.map(ClientKind.LIBRDKAFKA, DriverRole.CONSUMERS, Map.of(), connection);
        assertThat(librdkafka).containsExactly(Map.entry("sasl.mechanisms", "SCRAM-SHA-512"),
                Map.entry("sasl.password", "s3cret"), Map.entry("sasl.username", "kbench"),
                Map.entry("security.protocol", "sasl_ssl"), Map.entry("ssl.ca.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n"),
                Map.entry("ssl.endpoint.identification.algorithm", "none"));
        Map<String, String> franz = DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS, Map.of(), connection);
        assertThat(franz).containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("ssl.endpoint.identification.algorithm", "").doesNotContainKey("bootstrap.servers");
    }

    @Test
    void aPemTrustStoreFileIsReadAndOtherStoreTypesAreRefused() throws Exception {
        Path ca = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\nMIIC\n");
        Map<String, String> mapped = DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS, Map.of(),
                Map.of("security.protocol", "SSL", "ssl.truststore.type", "PEM", "ssl.truststore.location", ca.toString()));
        assertThat(mapped).containsEntry("ssl.ca.pem", "-----BEGIN CERTIFICATE-----\nMIIC\n");
        assertThatThrownBy(() -> DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS, Map.of(),
                Map.of("ssl.keystore.type", "PKCS12")))
                .hasMessageStartingWith("connection property ssl.keystore.type: client franz-go takes TLS material as PEM only")
                .hasMessageEndingWith("(got PKCS12)");
    }

    @Test
    void aLoginModuleADriverCannotUseIsRefusedWithoutRepeatingTheSecret() {
        assertThatThrownBy(() -> DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS, Map.of(),
                Map.of("sasl.jaas.config", "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required"
                        + " clientSecret=\"hunter2\";")))
                .hasMessageStartingWith("connection property sasl.jaas.config: client franz-go takes the username and password")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> DriverProperties.map(ClientKind.LIBRDKAFKA, DriverRole.PRODUCERS, Map.of(),
                Map.of("sasl.mechanism", "GSSAPI")))
                .hasMessageContaining("takes SASL PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512");
        assertThatThrownBy(() -> DriverProperties.map(ClientKind.FRANZ_GO, DriverRole.PRODUCERS, Map.of(),
                Map.of("ssl.keystore.password", "hunter2")))
                .hasMessageContaining("ssl.keystore.password").hasMessageNotContaining("hunter2");
    }

    @Test
    void aWorkloadIsCheckedOnlyOnTheSidesADriverServes() {
        WorkloadSpec java = new SpecLoader().load(null, List.of("producers.properties.max.block.ms=1000"));
        DriverProperties.check(java, NO_CONNECTION); // the Java client takes every Kafka name
        WorkloadSpec franz = new SpecLoader().load(null, List.of("producers.client=franz-go",
                "producers.properties.max.block.ms=1000"));
        assertThatThrownBy(() -> DriverProperties.check(franz, NO_CONNECTION))
                .hasMessageStartingWith("producers.properties.max.block.ms: client franz-go");
        WorkloadSpec consumersOnly = new SpecLoader().load(null, List.of("consumers.client=librdkafka",
                "producers.properties.max.block.ms=1000", "consumers.properties.fetch.max.wait.ms=50"));
        DriverProperties.check(consumersOnly, NO_CONNECTION);
    }

    @Test
    void everyTableRowConvertsAPlausibleValue() {
        for (ClientKind client : List.of(ClientKind.FRANZ_GO, ClientKind.LIBRDKAFKA)) {
            ClientPropertyTable table = ClientPropertyTable.of(client);
            for (PropertyMapping row : table.rows().values()) {
                String value = switch (row.conversion()) {
                    case PEM_ONLY -> "PEM";
                    case CREDENTIALS -> "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\""
                            + " password=\"p\";";
                    case PEM_FILE -> null;
                    default -> row.javaName().equals("sasl.mechanism") ? "PLAIN" : "1024";
                };
                if (value == null) {
                    continue;
                }
                DriverRole role = row.scope() == PropertyMapping.Scope.CONSUMER ? DriverRole.CONSUMERS : DriverRole.PRODUCERS;
                Map<String, String> props = Map.of(row.javaName(), value);
                Map<String, String> mapped = row.scope() == PropertyMapping.Scope.CONNECTION
                        ? DriverProperties.map(client, role, Map.of(), props) : DriverProperties.map(client, role, props, Map.of());
                if (row.conversion() == Conversion.PEM_ONLY) {
                    assertThat(mapped).as("the type only says PEM; nothing to pass").doesNotContainKey(row.nativeName());
                } else {
                    assertThat(mapped).as(client + " " + row).containsKey(row.conversion() == Conversion.CREDENTIALS
                            ? "sasl.username" : row.nativeName());
                }
            }
        }
    }
}
