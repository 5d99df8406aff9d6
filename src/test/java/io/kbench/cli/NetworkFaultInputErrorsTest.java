package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad network faults stop kbench with exit 2 and one line naming faults[i].field, before any broker starts. */
class NetworkFaultInputErrorsTest {
    @TempDir
    Path dir;

    /** As FaultInputErrorsTest's: no process started and left behind, and not even a results directory made. */
    private void assertInputError(CliRun run, String... expected) {
        run.assertOneErrorLine(2, Duration.ofSeconds(8), expected);
        assertThat(dir.resolve("results")).as("no run started").doesNotExist();
    }

    private CliRun kbench(String... args) {
        return CliRun.leavingNothing(dir.resolve("results"), args);
    }

    @Test
    void badValuesNameTheField() {
        assertInputError(kbench("run", "--fault", "at=5s action=delay target=1"), "faults[0].delay", "required");
        assertInputError(kbench("run", "--fault", "at=5s action=delay target=1 delay=fast"), "faults[0].delay", "fast");
        assertInputError(kbench("run", "--fault", "at=5s action=delay target=1 delay=10ms jitter=50ms"),
                "faults[0].jitter", "50ms");
        assertInputError(kbench("run", "--fault", "at=5s action=isolate target=1 scope=everyone"),
                "faults[0].scope", "everyone");
        assertInputError(kbench("run", "--fault", "at=5s action=pause target=1 scope=peers"), "faults[0].scope", "peers");
    }

    @Test
    void networkFaultsAgainstAnExternalCluster() {
        assertInputError(kbench("run", "--bootstrap-server", "127.0.0.1:1", "--fault",
                "at=5s action=delay target=1 delay=50ms"), "faults[0].action", "delay", "only actions exec and reassign");
    }

    @Test
    void aSecuredClusterMustKeepReplicationOnItsPlaintextListener() throws IOException {
        Path w = Files.writeString(dir.resolve("w.yaml"), """
                name: f
                producers: {rate: 100, duration: 20s}
                cluster: {brokers: 3, security: {protocol: ssl}}
                faults: [{at: 5s, action: isolate, target: 2, duration: 2s, scope: peers}]
                """);
        assertInputError(kbench("run", w.toString()), "faults[0].action", "isolate", "interBroker: plaintext");
    }
}
