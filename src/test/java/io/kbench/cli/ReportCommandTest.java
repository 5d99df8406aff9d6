package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    @TempDir
    Path tmp;

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(ReportCommandTest.class.getResource("/report/" + name).toURI());
    }

    @Test
    void writesTheReportWhereAsked() throws Exception {
        Path out = tmp.resolve("sub/sweep.html");
        CliRun run = CliRun.of("report", fixture("sweep").toString(), "--out", out.toString(), "--sla", "e2e.p99<50ms");
        assertThat(run.exitCode()).as(run.transcript()).isZero();
        assertThat(run.stdout()).isEqualTo("report: " + out + System.lineSeparator());
        assertThat(Files.readString(out)).contains("Best point under the SLA");
    }

    @Test
    void badSlaAndMissingDirAreInputErrors() throws Exception {
        CliRun sla = CliRun.of("report", fixture("sweep").toString(), "--out", tmp.resolve("x.html").toString(), "--sla", "fast");
        assertThat(sla.exitCode()).as(sla.transcript()).isEqualTo(2);
        assertThat(sla.stderr()).contains("threshold");
        CliRun missing = CliRun.of("report", tmp.resolve("nope").toString());
        assertThat(missing.exitCode()).as(missing.transcript()).isEqualTo(2);
        assertThat(missing.stderr()).contains("does not exist");
    }
}
