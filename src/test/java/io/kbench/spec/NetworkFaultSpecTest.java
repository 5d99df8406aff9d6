package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Network faults (delay, drop, isolate): YAML and --fault forms, and their checks naming faults[i].field. */
class NetworkFaultSpecTest {
    private static final String BASE = "producers: {duration: 30s}\ncluster: {brokers: 3}\n";

    @TempDir
    Path dir;

    private WorkloadSpec load(String faultsYaml, String... cliFaults) throws IOException {
        Path file = Files.writeString(Files.createTempFile(dir, "w", ".yaml"), BASE + faultsYaml);
        return new SpecLoader().load(file, List.of(), List.of(cliFaults));
    }

    private void rejects(String faultsYaml, String... expected) {
        assertThatThrownBy(() -> load(faultsYaml)).isInstanceOf(InvalidInputException.class)
                .message().contains(expected).doesNotContain("\n");
    }

    @Test
    void yamlAndCliNetworkFaultsBind() throws IOException {
        WorkloadSpec spec = load("""
                faults:
                  - {at: 5s, action: delay, target: 2, duration: 10s, delay: 50ms, jitter: 5ms, scope: peers}
                  - {at: 16s, action: isolate, target: leader, duration: 2s, scope: clients}
                """, "at=20s action=drop target=random duration=1s", "at=22s action=delay target=1 delay=1s");
        List<FaultSpec> f = spec.faults();
        assertThat(f.get(0).delay()).isEqualTo(Duration.ofMillis(50));
        assertThat(f.get(0).delayJitter()).isEqualTo(Duration.ofMillis(5));
        assertThat(f.get(0).networkScope()).isEqualTo(FaultScope.PEERS);
        assertThat(f.get(0).describe()).isEqualTo("delay 2 by 50ms +- 5ms (peers) at 5s for 10s");
        assertThat(f.get(1).networkScope()).isEqualTo(FaultScope.CLIENTS);
        assertThat(f.get(2).action()).isEqualTo(FaultAction.DROP);
        assertThat(f.get(2).networkScope()).as("default scope").isEqualTo(FaultScope.ALL);
        assertThat(f.get(3).delayJitter()).isEqualTo(Duration.ZERO);
        assertThat(f.get(3).endsAt()).as("a delay without duration lasts to the end of the run").isNull();
        assertThat(f.stream().allMatch(x -> x.action().isNetwork())).isTrue();
    }

    @Test
    void theSlowFollowerScenarioDelaysOneFollowersReplication() throws IOException {
        FaultSpec f = new SpecLoader().load(Path.of("scenarios/faults-slow-follower.yaml"), List.of()).faults().get(0);
        assertThat(f.target().kind()).isEqualTo(FaultTargetKind.FOLLOWER);
        assertThat(f.action()).isEqualTo(FaultAction.DELAY);
        assertThat(f.networkScope()).isEqualTo(FaultScope.PEERS);
        assertThat(f.describe()).isEqualTo("delay follower of partition 0 by 50ms +- 5ms (peers) at 20s for 20s");
    }

    @Test
    void badNetworkFaultsNameTheField() {
        rejects("faults: [{at: 5s, action: kill, target: 1, partition: 0}]", "faults[0].partition", "leader or follower");
        rejects("faults: [{at: 5s, action: delay, target: 1}]", "faults[0].delay", "required");
        rejects("faults: [{at: 5s, action: delay, target: 1, delay: 0ms}]", "faults[0].delay", "positive");
        rejects("faults: [{at: 5s, action: delay, target: 1, delay: 11s}]", "faults[0].delay", "at most 10s");
        rejects("faults: [{at: 5s, action: delay, target: 1, delay: 10ms, jitter: 20ms}]", "faults[0].jitter",
                "between 0 and the delay");
        rejects("faults: [{at: 5s, action: drop, target: 1, delay: 10ms}]", "faults[0].delay", "only applies");
        rejects("faults: [{at: 5s, action: isolate, target: 1, jitter: 10ms}]", "faults[0].jitter", "only applies");
        rejects("faults: [{at: 5s, action: kill, target: 1, scope: peers}]", "faults[0].scope", "network actions");
        rejects("faults: [{at: 5s, action: isolate, target: 1, scope: everybody}]", "faults[0].scope", "everybody");
        rejects("faults: [{at: 25s, action: delay, target: 1, delay: 5ms, duration: 10s}]", "faults[0].duration",
                "after the measured window");
    }
}
