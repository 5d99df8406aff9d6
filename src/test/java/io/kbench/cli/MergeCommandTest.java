package io.kbench.cli;

import static io.kbench.merge.RunFixture.T0;
import static io.kbench.merge.RunFixture.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.testkit.CraftedHlog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kbench merge} on the command line: what it prints and writes, and its one-line refusals (exit 2). */
class MergeCommandTest {
    @TempDir
    Path tmp;

    @Test
    void writesTheMergedResultItsLogsAndAReportThatKbenchReportReadsAgain() throws Exception {
        Path a = run("a", T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusMillis(300), 3, 50, 2000).writeTo(tmp.resolve("b"));
        Path out = tmp.resolve("merged");
        CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--out", out.toString());
        assertThat(merge.exitCode()).as(merge.transcript()).isZero();
        assertThat(merge.stdout()).as(merge.transcript())
                .contains("merged 2 runs; all measuring together for 2.7 s of the 3.3 s merged window")
                .contains(a + ": completed, 300 records produced, 300 consumed")
                .containsPattern("produced\\s+450\\s")
                .contains("results: " + out.resolve("result.json"))
                .contains("report: ")
                .doesNotContain("note:");
        assertThat(out.resolve("publish-latency.hlog")).isNotEmptyFile();
        assertThat(out.resolve("end-to-end-latency.hlog")).isNotEmptyFile();
        assertThat(out.resolve("send-delay.hlog")).isNotEmptyFile();
        assertThat(out.resolve("report.html")).isNotEmptyFile();
        Files.delete(out.resolve("report.html"));
        CliRun report = CliRun.of("report", out.toString());
        assertThat(report.exitCode()).as(report.transcript()).isZero();
        assertThat(Files.readString(out.resolve("report.html"))).contains("publish-latency.hlog")
                .contains("Merged from 2 runs").contains(b.toString());
        CliRun compare = CliRun.of("compare", a.toString(), out.toString());
        assertThat(compare.exitCode()).as(compare.transcript()).isZero();
        assertThat(compare.stdout()).as(compare.transcript()).contains("merged");
    }

    @Test
    void runsThatMeasuredTogetherForLittleOfTheWindowAreMergedWithANote() throws Exception {
        Path a = run("a", T0, 10, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusSeconds(8), 10, 100, 1000).writeTo(tmp.resolve("b"));
        CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--out", tmp.resolve("m").toString());
        assertThat(merge.exitCode()).as(merge.transcript()).isZero();
        assertThat(merge.stdout()).as(merge.transcript())
                .contains("all measuring together for 2.0 s of the 18.0 s merged window")
                .contains("note: that is 11% of it; the merged rates are over the whole window");
    }

    @Test
    void runsThatDidNotOverlapAreRefusedInOneLine() throws Exception {
        Path a = run("a", T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0.plusSeconds(60), 3, 100, 1000).writeTo(tmp.resolve("b"));
        CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--out", tmp.resolve("m").toString());
        merge.assertOneErrorLine(2, Duration.ofSeconds(10), b + ": measured from 2026-11-24T01:01:00Z, after " + a
                + " had stopped at 2026-11-24T01:00:03Z");
        assertThat(tmp.resolve("m")).doesNotExist();
    }

    @Test
    void oneInputOrNoOutAreUsageErrors() throws Exception {
        Path a = run("a", T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        CliRun one = CliRun.of("merge", a.toString(), "--out", tmp.resolve("m").toString());
        one.assertOneErrorLine(2, Duration.ofSeconds(10), "DIR");
        CliRun noOut = CliRun.of("merge", a.toString(), a.toString());
        noOut.assertOneErrorLine(2, Duration.ofSeconds(10), "--out");
    }

    @Test
    void aDirectoryThatIsNoRunResultIsRefusedInOneLine() throws Exception {
        Path a = run("a", T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Files.createDirectories(tmp.resolve("empty"));
        CliRun merge = CliRun.of("merge", a.toString(), tmp.resolve("empty").toString(), "--out", tmp.resolve("m").toString());
        merge.assertOneErrorLine(2, Duration.ofSeconds(10), "holds neither result.json nor sweep.json");
    }

    /**
     * Failed before the fix: merge decoded each interval of a crafted log at the shape it declared (27 MB apiece, 400 of
     * them) and refused it half a minute later with a Java class name.
     */
    @Test
    void aLogOfAnotherShapeIsRefusedInOneLineBeforeDecoding() throws Exception {
        Path a = run("a", T0, 3, 100, 1000).writeTo(tmp.resolve("a"));
        Path b = run("b", T0, 3, 100, 1000).writeTo(tmp.resolve("b"));
        Path crafted = CraftedHlog.wide(b.resolve("publish-latency.hlog"), 400);
        CliRun merge = CliRun.of("merge", a.toString(), b.toString(), "--out", tmp.resolve("m").toString());
        merge.assertOneErrorLine(2, Duration.ofSeconds(10), crafted + ": line 5 (interval 1): declares values 1..3600000000000"
                + " at 5 significant digits; kbench writes microseconds 1..3600000000 (1 h) at 3 significant digits");
        assertThat(merge.stderr()).doesNotContain("java.");
        assertThat(tmp.resolve("m")).doesNotExist();
    }
}
