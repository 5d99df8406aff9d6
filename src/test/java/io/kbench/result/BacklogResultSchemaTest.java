package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.format.StrictMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.BacklogPhases.Name;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
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

/** A result with a backlog phase (consumers.pause): valid against schema/result.schema.json, read back unchanged. */
class BacklogResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    @Test
    void aBacklogResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of("consumers.pause={after: 3s, size: 8MiB}"));
        BacklogPhases backlog = new BacklogPhases("size 8MiB", BacklogPhases.Resumed.CONDITION, 8_300L, 8.1, 1.2, 40,
                20_000.0, 19.5, List.of(new BacklogPhases.Phase(Name.BEFORE, 0, 3, 4_000, 3.9, L),
                new BacklogPhases.Phase(Name.BUILDING, 3, 5.1, 0, 0, L),
                new BacklogPhases.Phase(Name.CATCH_UP, 5.1, 6.3, 20_000, 19.5, L),
                new BacklogPhases.Phase(Name.AFTER, 6.3, 12, 4_000, 3.9, null)));
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .backlog(backlog).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/workload/consumers/pause/size").asText()).isEqualTo("8MiB");
        assertThat(json.at("/backlog/phases/2/name").asText()).isEqualTo("catch-up");
        assertThat(json.at("/backlog/resumedBy").asText()).isEqualTo("condition");
        assertThat(ResultReader.read(file, RunResult.class).backlog()).isEqualTo(backlog);
    }

    @Test
    void aWorkloadWithoutAPauseWritesNoPauseKey() {
        JsonNode consumers = StrictMapper.json().valueToTree(new SpecLoader().load(null, List.of()).consumers());
        assertThat(consumers.has("pause")).isFalse();
    }

    @Test
    void theTerminalLinesNameTheBacklogTheDrainAndEachPhase() {
        BacklogPhases backlog = new BacklogPhases("age 2s", BacklogPhases.Resumed.CONDITION, 8_000L, 7.8, 1.5, 40,
                12_000.0, 11.7, List.of(new BacklogPhases.Phase(Name.BEFORE, 0, 3, 4_000, 3.9,
                new LatencyStats(10, 2_000, 3_000, 4_500, 5_000, 6_000, 2_100))));
        assertThat(backlog.lines()).containsExactly(
                "backlog: 8,000 records (7.8 MiB) waiting at the resume (age 2s), drained in 1.5 s (lag back to <= 40 records)",
                "backlog: catch-up read 12,000 records/s (11.7 MiB/s)",
                "  phase      from s    to s consumed rec/s  publish p50 ms    pub p99 ms",
                "  before        0.0     3.0          4,000             2.0           4.5");
    }
}
