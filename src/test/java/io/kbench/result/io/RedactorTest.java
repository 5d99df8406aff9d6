package io.kbench.result.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class RedactorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void kafkaPasswordKeysAndSecretLookingNamesAreSecret() {
        assertThat(Redactor.isSecret("ssl.key.password")).isTrue();
        assertThat(Redactor.isSecret("ssl.keystore.password")).isTrue();
        assertThat(Redactor.isSecret("sasl.jaas.config")).isTrue();
        assertThat(Redactor.isSecret("my.secret")).isTrue();
        assertThat(Redactor.isSecret("MY.SECRET")).isTrue();
        assertThat(Redactor.isSecret("bootstrap.servers")).isFalse();
        assertThat(Redactor.isSecret("acks")).isFalse();
        assertThat(Redactor.isSecret("linger.ms")).isFalse();
        assertThat(Redactor.isSecret("security.protocol")).isFalse();
        assertThat(Redactor.isSecret("sasl.mechanism")).isFalse();
    }

    @Test
    void redactsAnywhereInANestedTreeAndKeepsHarmlessKeys() throws Exception {
        JsonNode tree = JSON.readTree("""
                {"clientProperties": {"ssl.key.password": "hunter2", "bootstrap.servers": "b:9092",
                                      "sasl.jaas.config": "org.apache.kafka...PlainLoginModule required password=\\"x\\";"},
                 "workload": {"producers": {"properties": {"acks": "all", "my.secret": "s3cr3t", "linger.ms": "5"}},
                              "cluster": {"brokerConfig": {"num.io.threads": "8"}}},
                 "list": [{"deep": {"my.secret": "in-array"}}],
                 "summary": {"produced": {"records": 10}}}
                """);
        Redactor.redactTree(tree);
        assertThat(tree.at("/clientProperties/ssl.key.password").asText()).isEqualTo(Redactor.REDACTED);
        assertThat(tree.at("/clientProperties/sasl.jaas.config").asText()).isEqualTo(Redactor.REDACTED);
        assertThat(tree.at("/workload/producers/properties/my.secret").asText()).isEqualTo(Redactor.REDACTED);
        assertThat(tree.at("/list/0/deep/my.secret").asText()).isEqualTo(Redactor.REDACTED);

        assertThat(tree.at("/clientProperties/bootstrap.servers").asText()).isEqualTo("b:9092");
        assertThat(tree.at("/workload/producers/properties/acks").asText()).isEqualTo("all");
        assertThat(tree.at("/workload/producers/properties/linger.ms").asText()).isEqualTo("5");
        assertThat(tree.at("/workload/cluster/brokerConfig/num.io.threads").asText()).isEqualTo("8");
        assertThat(tree.at("/summary/produced/records").asLong()).isEqualTo(10);
        assertThat(tree.toString()).doesNotContain("hunter2", "s3cr3t", "in-array", "PlainLoginModule");
    }

    @Test
    void redactsAPropertiesMap() {
        Map<String, String> out = Redactor.redact(Map.of("ssl.truststore.password", "p", "acks", "1", "my.secret", "z"));
        assertThat(out).containsEntry("ssl.truststore.password", Redactor.REDACTED)
                .containsEntry("my.secret", Redactor.REDACTED).containsEntry("acks", "1");
    }
}
