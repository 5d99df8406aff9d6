package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.merge.RunFixture;
import io.kbench.testkit.CraftedHlog;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

    /**
     * Failed before the fix: the report decoded each interval of a crafted log at the shape it declared (27 MB apiece,
     * 400 of them) before anything checked it.
     */
    @Test
    void aLogOfAnotherShapeIsRefusedInOneLineBeforeDecoding() throws Exception {
        Path dir = RunFixture.run("a", RunFixture.T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Path crafted = CraftedHlog.wide(dir.resolve("end-to-end-latency.hlog"), 400);
        CliRun report = CliRun.of("report", dir.toString(), "--out", tmp.resolve("r.html").toString());
        report.assertOneErrorLine(2, Duration.ofSeconds(10), crafted + ": line 5 (interval 1): declares values 1..3600000000000"
                + " at 5 significant digits; kbench writes microseconds 1..3600000000 (1 h) at 3 significant digits");
        assertThat(report.stderr()).doesNotContain("java.");
        assertThat(tmp.resolve("r.html")).doesNotExist();
    }

    /**
     * Failed before the fix (exit 0): HdrHistogram's reader also splits on spaces, so {@code START,LENGTH,MAX WIDE,OWN}
     * had it decode the wide histogram while the shape check read the last comma field. Refused in one line now.
     */
    @Test
    void anIntervalLineHidingAnotherHistogramIsRefusedInOneLine() throws Exception {
        Path dir = RunFixture.run("a", RunFixture.T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Path log = dir.resolve("publish-latency.hlog");
        java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(log));
        java.util.List<String> wideLines = Files.readAllLines(CraftedHlog.wide(tmp.resolve("wide.hlog"), 1));
        String wideLast = wideLines.get(wideLines.size() - 1);
        String wide = wideLast.substring(wideLast.lastIndexOf(',') + 1);
        String last = lines.get(lines.size() - 1);
        int comma = last.lastIndexOf(',');
        lines.set(lines.size() - 1, last.substring(0, comma) + " " + wide + last.substring(comma));
        Files.write(log, lines);
        CliRun report = CliRun.of("report", dir.toString(), "--out", tmp.resolve("r.html").toString());
        report.assertOneErrorLine(2, Duration.ofSeconds(10), log + ": line " + lines.size() + " (interval ",
                "): not an interval line ([Tag=T,]START,LENGTH,MAX,HISTOGRAM)");
        assertThat(tmp.resolve("r.html")).doesNotExist();
    }
}
