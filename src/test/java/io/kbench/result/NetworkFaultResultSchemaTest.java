package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.FaultResult;
import io.kbench.result.run.LatencyStats;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        LatencyStats l = FaultResultSchemaTest.L;
        List<FaultResult> faults = List.of(
                new FaultResult(0, spec.faults().get(0), 3, 12.5, 17.5, null, null, null, 0, l,
                        new FaultRecovery(1000.0, 2000.0, 2.0, 3.0, null), null, null),
                new FaultResult(1, spec.faults().get(1), 2, 22.5, 24.5, null, null, null, 0, l,
                        new FaultRecovery(1000.0, 2000.0, 1.0, 1.0, null), null, null));
        JsonNode json = FaultResultSchemaTest.writeValidAndReadBack(spec, faults, dir);
        assertThat(json.at("/faults/0/spec/delay").asText()).isEqualTo("50ms");
        assertThat(json.at("/faults/0/spec/scope").asText()).isEqualTo("peers");
        assertThat(json.at("/faults/0/spec/target").asText()).isEqualTo("follower");
        assertThat(json.at("/faults/1/spec").has("scope")).as("absent when not given").isFalse();
    }
}
