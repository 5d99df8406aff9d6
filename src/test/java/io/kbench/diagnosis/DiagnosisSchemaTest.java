package io.kbench.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.Diagnosis;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A diagnosis as Diagnoser makes it is written, read back and valid against schema/result.schema.json. */
class DiagnosisSchemaTest {
    private static final Path FIXTURE = Path.of("src/test/resources/report/run-telemetry/result.json");

    @Test
    void theFixturesDiagnosisIsWhatDiagnoserSaysAndValid(@TempDir Path dir) throws IOException {
        RunResult run = ResultReader.read(FIXTURE, RunResult.class);
        Diagnosis fresh = Diagnoser.diagnose(run).orElseThrow();
        assertThat(fresh).isEqualTo(run.telemetry().diagnosis());

        RunResult rewritten = run.toBuilder().telemetry(run.telemetry().withDiagnosis(fresh)).build();
        Path file = ResultWriter.write(rewritten, dir);
        assertThat(ResultReader.read(file, RunResult.class).telemetry().diagnosis()).isEqualTo(fresh);
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        try (InputStream in = Files.newInputStream(Path.of("schema/result.schema.json"))) {
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
            JsonNode json = new ObjectMapper().readTree(file.toFile());
            assertThat(schema.validate(json)).isEmpty();
        }
    }

    @Test
    void aRunWithoutTelemetryHasNoDiagnosis() {
        RunResult run = ResultReader.read(Path.of("src/test/resources/report/run-sample/result.json"), RunResult.class);
        assertThat(Diagnoser.diagnose(run)).isEmpty();
    }
}
