package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cluster.security and workload.cluster.security: valid against the schema and read back by the one reader. */
class SecuritySchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("schema/result.schema.json"))) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    private static ObjectNode secured() throws IOException {
        ObjectNode result = (ObjectNode) JSON.readTree(Path.of("src/test/resources/result-schema/quickstart-result.json").toFile());
        ((ObjectNode) result.get("cluster")).set("security", JSON.readTree("""
                {"protocol": "SASL_SSL", "clientAuth": true, "saslMechanism": "SCRAM-SHA-512", "interBroker": "same",
                 "certificates": "generated", "negotiatedProtocol": "TLSv1.3",
                 "negotiatedCipherSuite": "TLS_AES_128_GCM_SHA256", "tlsProvider": "Conscrypt"}"""));
        ((ObjectNode) result.at("/workload/cluster")).set("security", JSON.readTree("""
                {"protocol": "sasl-ssl", "clientAuth": "required", "saslMechanism": "scram-sha-512",
                 "interBroker": "same", "tlsVersion": "TLSv1.3", "cipher": "aes-128-gcm",
                 "tlsProvider": "jdk"}"""));
        return result;
    }

    @Test
    void aSecuredResultIsValidAndReadsBackUnchanged(@TempDir Path dir) throws IOException {
        ObjectNode result = secured();
        assertThat(schema.validate(result)).isEmpty();
        Path file = dir.resolve("result.json");
        JSON.writeValue(file.toFile(), result);
        RunResult read = ResultReader.read(file, RunResult.class);
        assertThat(read.cluster().security().negotiatedCipherSuite()).isEqualTo("TLS_AES_128_GCM_SHA256");
        assertThat(read.workload().cluster().security().cipher().suites(read.workload().cluster().security().tlsVersion()))
                .containsExactly("TLS_AES_128_GCM_SHA256");
        JsonNode rewritten = JSON.readTree(ResultWriter.write(read, dir.resolve("again")).toFile());
        assertThat(rewritten.at("/cluster/security")).isEqualTo(result.at("/cluster/security"));
        assertThat(rewritten.at("/workload/cluster/security")).isEqualTo(result.at("/workload/cluster/security"));
    }

    @Test
    void theSchemaRefusesAnUnknownProtocolOrField() throws IOException {
        ObjectNode wrong = secured();
        ((ObjectNode) wrong.at("/cluster/security")).put("protocol", "TLS");
        assertThat(schema.validate(wrong)).isNotEmpty();
        ObjectNode extra = secured();
        ((ObjectNode) extra.at("/cluster/security")).put("password", "x");
        assertThat(schema.validate(extra)).isNotEmpty();
    }
}
