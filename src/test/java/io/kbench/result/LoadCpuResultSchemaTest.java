package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadCpu;
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

/** Each side's CPU per record in result.json: valid against schema/result.schema.json, read back unchanged, one line. */
class LoadCpuResultSchemaTest {
    private static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
    private static final Totals T = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);

    @Test
    void aDriverSideAndAJavaSideAreValidAndReadBack(@TempDir Path dir) throws IOException {
        LoadCpu cpu = new LoadCpu(LoadCpu.Side.of("franz-go", LoadCpu.Process.DRIVER, 250_000_000L, 20_000),
                LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 400_000_000L, 20_000));
        Path file = ResultWriter.write(run(cpu), dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/loadCpu/producers/process").asText()).isEqualTo("driver");
        assertThat(json.at("/loadCpu/producers/cpuSeconds").asDouble()).isEqualTo(0.25);
        assertThat(json.at("/loadCpu/producers/cpuMicrosPerRecord").asDouble()).isEqualTo(12.5);
        assertThat(json.at("/loadCpu/consumers/cpuMicrosPerRecord").asDouble()).isEqualTo(20.0);
        assertThat(ResultReader.read(file, RunResult.class).loadCpu()).isEqualTo(cpu);
        assertThat(cpu.line()).isEqualTo("CPU per record: producers franz-go 12.5 us (its driver), consumers java 20.0 us"
                + " (kbench's JVM)");
        ((ObjectNode) json.at("/loadCpu/producers")).put("process", "jvm");
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isNotEmpty();
        ((ObjectNode) json).putObject("loadCpu");
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isNotEmpty();
    }

    @Test
    void aRunWithoutItHasNoSection(@TempDir Path dir) throws IOException {
        JsonNode json = new ObjectMapper().readTree(ResultWriter.write(run(null), dir).toFile());
        assertThat(json.has("loadCpu")).isFalse();
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
    }

    @Test
    void aSideWithoutRecordsOrAnEmptySectionIsRefused() {
        assertThatThrownBy(() -> LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 1_000, 0))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("loadCpu.records");
        assertThatThrownBy(() -> new LoadCpu(null, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("loadCpu");
        assertThatThrownBy(() -> new LoadCpu.Side("java", LoadCpu.Process.KBENCH, Double.NaN, 1, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("loadCpu.cpuSeconds");
    }

    private static RunResult run(LoadCpu cpu) {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        return RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 1, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", T, T, L, L, L, null))
                .intervals(List.of(new IntervalPoint(7.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, L, L)))
                .loadCpu(cpu).build();
    }
}
