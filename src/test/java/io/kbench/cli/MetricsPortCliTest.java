package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --metrics-port errors are one line, exit 2, before any broker starts. */
class MetricsPortCliTest {
    @Test
    void aPortInUseIsExit2BeforeAnythingStarts(@TempDir Path tmp) throws Exception {
        try (ServerSocket busy = new ServerSocket(0)) {
            for (String command : new String[] {"run", "find-max"}) {
                CliRun r = command.equals("run")
                        ? CliRun.of("run", "--metrics-port", String.valueOf(busy.getLocalPort()), "--results-dir", tmp.toString())
                        : CliRun.of("find-max", "src/main/resources/workloads/quickstart.yaml", "--sla", "e2e.p99<200ms",
                                "--metrics-port", String.valueOf(busy.getLocalPort()), "--results-dir", tmp.toString());

                assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
                assertThat(r.stderr().strip()).as(r.toString())
                        .isEqualTo("kbench: error: --metrics-port: is in use by another process (or 127.0.0.1 is not an address"
                                + " of this host) (got " + busy.getLocalPort() + ")");
                assertThat(r.stdout()).as(r.toString()).doesNotContain("cluster: starting");
            }
        }
        try (var files = Files.list(tmp)) {
            assertThat(files).as("no result directory").isEmpty();
        }
    }

    @Test
    void aPortOutOfRangeIsExit2() {
        CliRun r = CliRun.of("sweep", "scenarios/s5-producer-matrix.yaml", "--metrics-port", "70000");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.stderr().strip()).as(r.toString())
                .isEqualTo("kbench: error: --metrics-port: must be a TCP port, 1..65535 (got 70000)");
    }

    @Test
    void aPortThatIsNoNumberIsExit2() {
        CliRun r = CliRun.of("run", "--metrics-port", "nine");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.stderr()).as(r.toString()).contains("--metrics-port").contains("nine");
    }
}
