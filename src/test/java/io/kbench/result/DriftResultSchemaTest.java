package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.Drift;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.SteadyState;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result with a drift section: valid against schema/result.schema.json, read back unchanged; its terminal lines. */
class DriftResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);
    private static final Drift.Limits LIMITS = new Drift.Limits(10, 10, 0.8, 0.95);
    private static final Drift DRIFTING = new Drift(SteadyState.DRIFTING, 31,
            new Drift.Slope("produced records/s", 2421, -259.9, -321.6, -176.0),
            new Drift.Slope("publish p99", 5_358_000, 957.0, 809.6, 997.5), new Drift.Level(1992, 5001, 0.398), LIMITS);

    @Test
    void aDriftSectionIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Path file = ResultWriter.write(run(DRIFTING), dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/drift/state").asText()).isEqualTo("drifting");
        assertThat(json.at("/drift/limits/levelRatio").asDouble()).isEqualTo(0.8);
        RunResult read = ResultReader.read(file, RunResult.class);
        assertThat(read.drift()).isEqualTo(DRIFTING);
        assertThat(read.steadyState()).contains(SteadyState.DRIFTING);
        assertThat(json.has("steadyState")).isFalse();
        assertThat(run(null).steadyState()).isEmpty();
    }

    @Test
    void tooShortHasNoFiguresAndIsValid(@TempDir Path dir) throws IOException {
        Drift tooShort = new Drift(SteadyState.TOO_SHORT, 4, null, null, null, LIMITS);
        Path file = ResultWriter.write(run(tooShort), dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/drift/state").asText()).isEqualTo("too_short");
        assertThat(json.at("/drift").has("recordsPerSec")).isFalse();
        assertThat(ResultReader.read(file, RunResult.class).drift().steady()).isEqualTo(SteadyState.TOO_SHORT);
    }

    @Test
    void anUnknownStateIsRefused() {
        assertThatThrownBy(() -> SteadyState.of("Drifting")).hasMessageContaining("expected one of steady, drifting,"
                + " too_short");
    }

    @Test
    void aJudgedRunNeedsItsFigures() {
        assertThatThrownBy(() -> new Drift(SteadyState.STEADY, 20, null, null, null, LIMITS))
                .hasMessageContaining("drift.recordsPerSec");
    }

    @Test
    void itsLineSaysWhyItDrifts() {
        assertThat(DRIFTING.line()).isEqualTo("steady state: DRIFTING over 31 intervals (records/s trend beyond"
                + " ±10%/min, last third below 80% of the peak): produced records/s -259.9%/min [-321.6, -176.0],"
                + " publish p99 +957.0%/min [+809.6, +997.5]; last third at 40% of the peak (1,992 of 5,001 records/s)");
    }

    private static RunResult run(Drift drift) {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        return RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(7.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .drift(drift).build();
    }
}
