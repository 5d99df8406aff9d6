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

    /** Failed before the fix: a list under a secret key (a sweep axis) was written as it was. */
    @Test
    void aListUnderASecretKeyBecomesLabelsAndAFullPathIsSecret() throws Exception {
        JsonNode tree = JSON.readTree("""
                {"axes": {"producers.properties.sasl.jaas.config": ["a", "b", "a"], "producers.properties.acks": ["1"]},
                 "points": [{"overrides": {"producers.properties.ssl.truststore.password": "pw"}}]}
                """);
        Redactor.redactTree(tree);
        assertThat(tree.at("/axes").toString()).isEqualTo(
                "{\"producers.properties.sasl.jaas.config\":[\"[secret-1]\",\"[secret-2]\",\"[secret-1]\"],"
                        + "\"producers.properties.acks\":[\"1\"]}");
        assertThat(tree.at("/points/0/overrides/producers.properties.ssl.truststore.password").asText()).isEqualTo(Redactor.REDACTED);
        assertThat(Redactor.isSecret("consumers.properties.sasl.login.refresh.buffer.seconds")).isFalse();
    }

    /** Failed before the fix: exec-fault commands were written and printed as given. */
    @Test
    void commandLinesLoseSecretValuesButKeepTheirShape() throws Exception {
        assertThat(Redactor.redactCommand("kafka-configs --bootstrap-server b:9092 --command-property sasl.jaas.config=\"x password='p1'\" "
                + "--password p2 --user-password=p3 -v ssl.key.password=p4 acks=all"))
                .isEqualTo("kafka-configs --bootstrap-server b:9092 --command-property sasl.jaas.config=[redacted] "
                        + "--password [redacted] --user-password=[redacted] -v ssl.key.password=[redacted] acks=all");
        assertThat(Redactor.redactCommand("curl https://u:pw@h/x?token=abc&n=1")).isEqualTo("curl https://[redacted]@h/x?token=[redacted]&n=1");
        JsonNode tree = JSON.readTree("{\"faults\": [{\"action\": \"exec\", \"command\": \"tool --secret s3\"}]}");
        assertThat(Redactor.redactTree(tree).toString()).doesNotContain("s3").contains("--secret [redacted]");
    }
}
