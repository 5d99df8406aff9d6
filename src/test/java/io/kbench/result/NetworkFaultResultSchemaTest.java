package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result with network faults (delay, jitter, scope, target follower): valid against the schema, reads back. */
class NetworkFaultResultSchemaTest {
    @Test
    void aResultWithNetworkFaultsIsValidAndReadsBack(@TempDir Path dir) throws IOException {
        Path yaml = Files.writeString(dir.resolve("w.yaml"), "producers: {rate: 1000, duration: 30s}\ncluster: {brokers: 3}\n"
                + "faults: [{at: 10s, action: delay, target: follower, duration: 5s, delay: 50ms, jitter: 5ms, scope: peers},"
                + " {at: 20s, action: isolate, target: 2, duration: 2s}]\n");
        WorkloadSpec spec = new SpecLoader().load(yaml, List.of());
        LatencyStats l = new LatencyStats(10, 1, 2, 3, 4, 5, 2.5);
        Totals t = new Totals(10, 10_240, 100.0, 0.1, 0.1, 0, Map.of(), 5);
        List<FaultResult> faults = List.of(
                new FaultResult(0, spec.faults().get(0), 3, 12.5, 17.5, null, null, null, 0, l,
                        new FaultRecovery(1000.0, 2000.0, 2.0, 3.0, null)),
                new FaultResult(1, spec.faults().get(1), 2, 22.5, 24.5, null, null, null, 0, l,
                        new FaultRecovery(1000.0, 2000.0, 1.0, 1.0, null)));
        RunResult result = RunResults.builder().name(spec.name()).tags(Map.of())
                .startTime(Instant.parse("2026-01-01T00:00:00Z")).endTime(Instant.parse("2026-01-01T00:00:30Z"))
                .environment(Environment.capture())
                .cluster(new ClusterInfo("embedded", "127.0.0.1:1", 3, "4.3.1", "17", 9000L, Map.of()))
                .workload(spec).clientProperties(Map.of()).summary(new Summary("intendedSendTime", t, null, l, null, l))
                .intervals(List.of(new IntervalPoint(2.0, IntervalPhase.MEASURED, 1, 1, 1, 1, 0, l, LatencyStats.EMPTY, l)))
                .faults(faults).build();
        Path file = ResultWriter.write(result, dir);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(SchemaFiles.load("result.schema.json").validate(json)).isEmpty();
        assertThat(json.at("/faults/0/spec/delay").asText()).isEqualTo("50ms");
        assertThat(json.at("/faults/0/spec/scope").asText()).isEqualTo("peers");
        assertThat(json.at("/faults/0/spec/target").asText()).isEqualTo("follower");
        assertThat(json.at("/faults/1/spec").has("scope")).as("absent when not given").isFalse();
        RunResult back = ResultReader.read(file, RunResult.class);
        assertThat(back.faults()).isEqualTo(faults);
        assertThat(back.workload().faults()).isEqualTo(spec.faults());
    }
}
