package io.kbench.diagnosis;

import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RegenFixtureTest {
    @Test
    void regen() throws Exception {
        Path fixture = Path.of("src/test/resources/report/run-telemetry/result.json");
        RunResult run = ResultReader.read(fixture, RunResult.class);
        Path tmp = Files.createTempDirectory("regen");
        Path same = ResultWriter.write(run, tmp);
        System.out.println("SAME BYTES: " + java.util.Arrays.equals(Files.readAllBytes(same), Files.readAllBytes(fixture)));
        RunResult fresh = run.with(run.sections().toBuilder()
                .telemetry(run.telemetry().withDiagnosis(Diagnoser.diagnose(run).orElseThrow()))
                .anatomy(LatencyAnatomy.of(run.intervals(), run.telemetry(), run.summary().publishLatencyMicros().p99()))
                .build());
        Path out = ResultWriter.write(fresh, Files.createTempDirectory("regen2"));
        Files.copy(out, fixture, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        System.out.println("WROTE " + fresh.telemetry().diagnosis().line());
    }
}
