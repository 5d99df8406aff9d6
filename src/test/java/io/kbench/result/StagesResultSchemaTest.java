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
import io.kbench.result.run.StageResult;
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

/** A result of a staged run (producers.stages): valid against schema/result.schema.json, read back unchanged. */
class StagesResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1_200, 2_000, 4_800, 6_000, 7_000, 1_500.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    @Test
    void aStagedResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("producers.warmupDuration=2s",
                "producers.stages=[{duration: 3s, rate: 1000}, {duration: 2s, from: 1000, to: 3000}]"));
        List<StageResult> stages = List.of(
                new StageResult(1, "1,000 records/s for 3s", 2.0, 5.0, 1000, 998.7, 0.9987, 0, L, L),
                new StageResult(2, "1,000 -> 3,000 records/s over 2s", 5.0, 7.0, 2000, 1_990.5, 0.99525, 3, L, null));
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .stages(stages).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/workload/producers/stages/1/from").asDouble()).isEqualTo(1000);
        assertThat(json.at("/workload/producers/stages/0/duration").asText()).isEqualTo("3s");
        assertThat(json.at("/workload/producers/duration").asText()).isEqualTo("5s");
        assertThat(json.at("/workload/producers").has("rate")).isFalse();
        assertThat(json.at("/stages/1").has("endToEnd")).isFalse();
        RunResult back = ResultReader.read(file, RunResult.class);
        assertThat(back.stages()).isEqualTo(stages);
        assertThat(back.workload().producers().stages()).isEqualTo(spec.producers().stages());
    }

    @Test
    void aStagesLineNamesItsFiguresWithTheirUnits() {
        assertThat(new StageResult(2, "5,000 -> 20,000 records/s over 30s", 10, 40, 12_500, 12_480.2, 0.998416, 0, L, L)
                .line()).isEqualTo("stage 2  10.0-40.0 s  5,000 -> 20,000 records/s over 30s: achieved 12,480 records/s"
                        + " (99.8%), publish p50 1.20 ms p99 4.80 ms, e2e p99 4.80 ms, 0 failed");
    }
}
