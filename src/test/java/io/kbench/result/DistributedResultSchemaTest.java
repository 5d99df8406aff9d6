package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.DistributedRun;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.WorkerRun;
import io.kbench.result.run.WorkerStatus;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A distributed run's result: valid against schema/result.schema.json, read back by the one reader unchanged. */
class DistributedResultSchemaTest {
    @Test
    void aDistributedResultIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        LatencyStats l = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
        Totals t = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);
        Summary s = new Summary("intendedSendTime", t, t, l, l, l, null);
        DistributedRun d = new DistributedRun(2, true, false, 812.5, List.of(
                new WorkerRun("local-1", "h", "0.1.0", WorkerStatus.COMPLETED, null, 1, 1, -12.0, 406.25, s),
                new WorkerRun("local-2", "h", "0.1.0", WorkerStatus.LOST, "stopped heartbeating", 1, 1, 3.5, 406.25, null)));
        RunResult result = RunResults.of(spec).status(RunStatus.FAILED)
                .failure("worker local-2 stopped heartbeating")
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(s)
                .intervals(List.of(new IntervalPoint(1.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, l, l, l)))
                .distributed(d).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/distributed/workerRuns/1/status").asText()).isEqualTo("lost");
        assertThat(json.at("/distributed/workerRuns/1").has("summary")).isFalse();
        RunResult back = ResultReader.read(file, RunResult.class);
        assertThat(back.distributed()).isEqualTo(d);
        assertThat(back.distributed().lost()).containsExactly("local-2");
    }
}
