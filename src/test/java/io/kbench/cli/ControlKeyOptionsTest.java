package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without a control key a coordinator of remote workers and a worker refuse to start, in one line, before any broker. */
class ControlKeyOptionsTest {
    private static final Duration FAST = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void aCoordinatorOfRemoteWorkersNeedsAKeyOrInsecureControl() {
        CliRun.leavingNothing(dir.resolve("results"), "run", "--workers", "2", "--bootstrap-server", "127.0.0.1:1")
                .assertOneErrorLine(2, FAST, "--workers needs --control-key-file", "--insecure-control");
    }

    @Test
    void aWorkerWithoutAKeyRefusesToStart() {
        CliRun.of("worker", "--bootstrap-server", "127.0.0.1:1")
                .assertOneErrorLine(2, FAST, "kbench worker needs --control-key-file", "--insecure-control");
    }

    @Test
    void aShortKeyIsRefusedWithoutEchoingIt() throws IOException {
        Path key = Files.writeString(dir.resolve("control.key"), "short-secret-value");
        CliRun run = CliRun.of("worker", "--bootstrap-server", "127.0.0.1:1", "--control-key-file", key.toString());
        run.assertOneErrorLine(2, FAST, "--control-key-file", "32 to 1024 characters");
        assertThat(run.stderr()).doesNotContain("short-secret-value");
    }

    @Test
    void aDistributedWorkloadWithAConnectionPropertyIsRefusedByName() {
        CliRun run = CliRun.leavingNothing(dir.resolve("results"), "run", "--local-workers", "1", "--set",
                "producers.properties.sasl.jaas.config=x required password=\"hunter2\";");
        run.assertOneErrorLine(2, FAST, "producers.properties: sasl.jaas.config cannot be set by a workload run with");
        assertThat(run.stderr()).doesNotContain("hunter2");
    }
}
