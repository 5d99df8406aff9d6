package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.Settling;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.Warmup;
import io.kbench.result.run.WarmupEnd;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result with an auto warm-up: valid against schema/result.schema.json, read back unchanged; its terminal line. */
class WarmupResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);
    private static final Warmup WARMUP = new Warmup("auto", 6.0, WarmupEnd.STEADY,
            "publish p99 4.10 ms, no new low by more than 10% (lowest 3.90 ms) in 3 interval(s) in a row at the schedule",
            3, 60, List.of(new Warmup.Interval(1.0, 0, null, 0), new Warmup.Interval(2.0, 19_800, 3900.0, 0),
            new Warmup.Interval(3.0, 20_000, 4100.0, 1)));

    @Test
    void anAutoWarmupIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(7.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .warmup(WARMUP).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/warmup/ended").asText()).isEqualTo("steady");
        assertThat(json.at("/warmup/intervals/0").has("publishP99Micros")).isFalse();
        assertThat(json.at("/workload/producers/warmup/mode").asText()).isEqualTo("auto");
        assertThat(ResultReader.read(file, RunResult.class).warmup()).isEqualTo(WARMUP);
    }

    @Test
    void theMeasuredWindowsCheckIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Warmup checked = WARMUP.withCheck(new Warmup.Check("MSER-5", Settling.STILL_SETTLING, 20, 5.0, 2.07, 1.5));
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(7.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .warmup(checked).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/warmup/check/verdict").asText()).isEqualTo("still_settling");
        assertThat(json.at("/warmup/check/method").asText()).isEqualTo("MSER-5");
        assertThat(ResultReader.read(file, RunResult.class).warmup()).isEqualTo(checked);
        // A settled window at its start has no ratio, and the schema refuses a verdict it does not know.
        Warmup settled = WARMUP.withCheck(new Warmup.Check("MSER-5", Settling.SETTLED, 20, 0, null, 1.5));
        JsonNode settledJson = new ObjectMapper().readTree(ResultWriter.write(result.toBuilder().warmup(settled).build(),
                dir.resolve("settled")).toFile());
        assertThat(settledJson.at("/warmup/check").has("ratio")).isFalse();
        assertThat(SchemaFiles.load("result.schema.json").validate(settledJson)).isEmpty();
        ((com.fasterxml.jackson.databind.node.ObjectNode) settledJson.at("/warmup/check")).put("verdict", "settling");
        assertThat(SchemaFiles.load("result.schema.json").validate(settledJson)).isNotEmpty();
    }

    @Test
    void itsLineSaysHowLongAndWhy() {
        assertThat(WARMUP.line()).isEqualTo("warm-up: auto, steady after 6.0 s (min 3 s, max 60 s): publish p99 4.10 ms,"
                + " no new low by more than 10% (lowest 3.90 ms) in 3 interval(s) in a row at the schedule");
    }
}
