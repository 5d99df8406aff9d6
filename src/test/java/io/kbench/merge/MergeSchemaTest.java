package io.kbench.merge;

import static io.kbench.merge.RunFixture.T0;
import static io.kbench.merge.RunFixture.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema/result.schema.json describes a merged result.json, its inputs and the window fields of its totals. */
class MergeSchemaTest {
    @Test
    void aMergedResultAndItsInputsAreValid(@TempDir Path tmp) throws Exception {
        Path a = run("a", T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(200), 3, 100, 1000).writeTo(tmp.resolve("b"));
        Path out = tmp.resolve("out");
        RunMerger.merge(List.of(a, b), out, null).writeTo(out);
        JsonSchema schema = schema();
        ObjectMapper json = new ObjectMapper();
        JsonNode merged = json.readTree(out.resolve("result.json").toFile());
        assertThat(schema.validate(json.readTree(a.resolve("result.json").toFile()))).isEmpty();
        assertThat(schema.validate(merged)).isEmpty();
        assertThat(merged.at("/merge/inputs/1/summary/produced/windowStart").asText()).isEqualTo("2026-11-24T01:00:00.200Z");

        ObjectNode halfWindow = merged.deepCopy();
        ((ObjectNode) halfWindow.at("/summary/produced")).remove("windowEnd");
        assertThat(schema.validate(halfWindow)).isNotEmpty();
        ObjectNode oneInput = merged.deepCopy();
        ((ArrayNode) oneInput.at("/merge/inputs")).remove(1);
        assertThat(schema.validate(oneInput)).isNotEmpty();
    }

    private static JsonSchema schema() throws Exception {
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        try (InputStream in = Files.newInputStream(Path.of("schema/result.schema.json"))) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
        }
    }
}
