package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.format.StrictMapper;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RollFigures;
import io.kbench.result.run.RollStep;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunResults;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result with faults: valid against schema/result.schema.json, read back by the one reader unchanged. */
class FaultResultSchemaTest {
    static final LatencyStats L = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);

    @Test
    void aResultWithFaultsIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Path yaml = Files.writeString(dir.resolve("w.yaml"), "producers: {rate: 1000, duration: 30s}\ncluster: {brokers: 3}\n"
                + "faults: [{at: 10s, action: kill, target: leader, partition: 1, duration: 5s},"
                + " {at: 20s, action: exec, target: 2, command: 'echo {broker}'}]\n");
        WorkloadSpec spec = new SpecLoader().load(yaml, List.of());
        LatencyStats l = L;
        List<FaultResult> faults = List.of(
                new FaultResult(0, spec.faults().get(0), 2, 12.5, 17.5, null, null, null, 3, l,
                        new FaultRecovery(1000.0, 2000.0, 2.0, null, null), null, null),
                new FaultResult(1, spec.faults().get(1), 2, 22.5, null, null, 0, "faults/fault-1.log", 0, LatencyStats.EMPTY,
                        new FaultRecovery(null, null, null, null, "no measured interval before the fault"), null, null));
        JsonNode json = writeValidAndReadBack(spec, faults, dir);
        assertThat(json.at("/faults/0/spec/target").asText()).isEqualTo("leader");
        assertThat(json.at("/workload/faults/1/target").asText()).isEqualTo("2");
        assertThat(json.at("/faults/0/recovery").has("p99Sec")).as("not recovered is absent").isFalse();
    }

    @Test
    void aRollWithItsStepsIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Path yaml = Files.writeString(dir.resolve("w.yaml"), "producers: {rate: 1000, duration: 60s}\n"
                + "cluster: {brokers: 3}\nfaults: [{at: 10s, action: roll, roll: {brokerConfig: {num.io.threads: 16},"
                + " settle: 1s}}]\n");
        WorkloadSpec spec = new SpecLoader().load(yaml, List.of());
        RollStep done = new RollStep(1, 12.5, 21.0, 1.2, 6.3, 7.9, 8.1, 1_000.4, L, L, 0,
                Map.of("num.io.threads", "16"), null);
        RollStep failed = new RollStep(3, 21.0, null, 1.0, null, null, null, 0.0, LatencyStats.EMPTY, null, 2, null,
                "not back in sync within 90 s (broker 3 does not serve requests)");
        RollFigures roll = new RollFigures(List.of(1, 3, 2), Map.of("num.io.threads", "16"), 2.5, 1_000.0, 2_000.0,
                3_000.0, List.of(done, failed));
        List<FaultResult> faults = List.of(new FaultResult(0, spec.faults().get(0), null, 12.5, 112.0,
                "broker 3: not back in sync within 90 s (broker 3 does not serve requests)", null, null, 2, L,
                new FaultRecovery(1000.0, 2000.0, 2.0, null, null), null, roll));
        JsonNode json = writeValidAndReadBack(spec, faults, dir);
        assertThat(json.at("/workload/faults/0/roll/brokerConfig/num.io.threads").asText()).isEqualTo("16");
        assertThat(json.at("/faults/0/roll/steps/0/brokerConfigRead/num.io.threads").asText()).isEqualTo("16");
        assertThat(json.at("/faults/0/roll/steps/1").has("endSec")).as("an unfinished step has no end").isFalse();
        assertThat(json.at("/faults/0/roll/order").toString()).isEqualTo("[1,3,2]");
    }

    @Test
    void aRollingUpgradeWithItsFinalizeIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Path yaml = Files.writeString(dir.resolve("w.yaml"), "producers: {rate: 1000, duration: 60s}\n"
                + "cluster: {brokers: 3}\nfaults: [{at: 10s, action: roll, roll: {kafkaVersion: 4.4.0, finalize: true}}]\n");
        WorkloadSpec spec = new SpecLoader().load(yaml, List.of());
        RollStep step = new RollStep(1, 12.5, 21.0, 1.2, 6.3, 7.9, 8.1, 1_000.4, L, L, 0, null, null, "4.4.0");
        RollFigures roll = new RollFigures(List.of(1), null, 2.5, 1_000.0, 2_000.0, 3_000.0, List.of(step), "4.4.0",
                "4.3-IV0", "4.4-IV2", 30.5);
        List<FaultResult> faults = List.of(new FaultResult(0, spec.faults().get(0), null, 12.5, 31.0, null, null, null,
                0, L, new FaultRecovery(1000.0, 2000.0, 2.0, null, null), null, roll));
        JsonNode json = writeValidAndReadBack(spec, faults, dir);
        assertThat(json.at("/workload/faults/0/roll/kafkaVersion").asText()).isEqualTo("4.4.0");
        assertThat(json.at("/workload/faults/0/roll/finalize").asBoolean()).isTrue();
        assertThat(json.at("/faults/0/roll/metadataVersionAfter").asText()).isEqualTo("4.4-IV2");
        assertThat(json.at("/faults/0/roll/steps/0/kafkaVersionRead").asText()).isEqualTo("4.4.0");
    }

    /**
     * Writes a run of {@code spec} with {@code faults}, checks it against the schema and that it reads back with the
     * same faults; returns the JSON written.
     */
    static JsonNode writeValidAndReadBack(WorkloadSpec spec, List<FaultResult> faults, Path dir) throws IOException {
        Totals t = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5, null, null);
        RunResult result = RunResults.of(spec)
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 3, "4.3.1", "17", 9000L, Map.of(), null, null))
                .summary(new Summary("intendedSendTime", t, null, L, null, L, null))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, L, LatencyStats.EMPTY, L)))
                .faults(faults).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        RunResult back = ResultReader.read(file, RunResult.class);
        assertThat(back.faults()).isEqualTo(faults);
        assertThat(back.workload().faults()).isEqualTo(spec.faults());
        return json;
    }

    @Test
    void aResultWithoutFaultsHasNoFaultKeys(@TempDir Path dir) throws IOException {
        WorkloadSpec spec = new SpecLoader().load(null, List.of());
        assertThat(StrictMapper.json().valueToTree(spec).has("faults")).isFalse();
        assertThat(spec.faults()).isEmpty();
    }
}
