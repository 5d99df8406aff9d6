package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * catalog import, history and compare --baseline in-process over a real SQLite catalog: ten copies of a real run
 * result with seeded noise, the sixth made slow, then three slow candidate repetitions against them.
 */
class HistoryCliTest {
    private static final Path RUN = Path.of("src/test/resources/legacy/0.1.0-cf2bc0a/find-max/probes/02-200/result.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path run(Path parent, String name, int minute, double recordsPerSec, long p50Micros) throws Exception {
        return run(parent, name, minute, recordsPerSec, p50Micros, 200);
    }

    /** A copy of the real run with its figures and its workload's offered load (producers.rate) set. */
    private static Path run(Path parent, String name, int minute, double recordsPerSec, long p50Micros, double rate)
            throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(RUN.toFile());
        ((ObjectNode) tree.get("workload").get("producers")).put("rate", rate);
        // Each repetition of a sweep gets a fresh topic: its workload hash differs, its series does not.
        ((ObjectNode) tree.get("workload").get("topic")).put("name", "kbench-" + name);
        tree.put("startTime", Instant.parse("2026-11-20T10:00:00Z").plusSeconds(60L * minute).toString());
        ObjectNode summary = (ObjectNode) tree.get("summary");
        ((ObjectNode) summary.get("produced")).put("recordsPerSec", recordsPerSec);
        ((ObjectNode) summary.get("publishLatencyMicros")).put("p50", p50Micros);
        Path dir = Files.createDirectories(parent.resolve(name));
        JSON.writeValue(dir.resolve("result.json").toFile(), tree);
        return dir;
    }

    /**
     * 4 runs, then 4 at a third (the broker held to half a core, as measured): the permutation test alone never got
     * below p = 0.01 on 8 runs; the split's t-test finds the step. Three runs are too few, and history says so.
     */
    @Test
    void fourRunsThenFourAtAThirdAreAStepAndThreeRunsAreTooFewToTell(@TempDir Path tmp) throws Exception {
        double[] rates = {41_010, 52_390, 45_480, 48_120, 15_188, 16_039, 15_510, 15_760};
        Path history = tmp.resolve("history");
        for (int i = 0; i < rates.length; i++) {
            run(history, "run-" + i, i, rates[i], 1_500);
        }
        String catalog = tmp.resolve("catalog.sqlite").toString();
        assertThat(CliRun.of("catalog", "import", history.toString(), "--catalog", catalog).exitCode()).isZero();
        CliRun step = CliRun.of("history", "tiny-fm", "--catalog", catalog);
        assertThat(step.stdout()).as(step.stdout())
                .containsPattern("REGRESSION produced\\.recordsPerSec at run run-4: 46,750\\.0 -> 15,624\\.3 records/s,"
                        + " lower by 66\\.[0-9]% \\[-[0-9.]+%, -[0-9.]+%\\] \\(4 run\\(s\\) against 4, p 0\\.00[0-9]+\\)")
                .contains("smallest shift these 8 runs could show in their middle (80% power, significance 0.01):");

        Path few = tmp.resolve("few");
        for (int i = 0; i < 3; i++) {
            run(few, "run-" + i, i, rates[i], 1_500);
        }
        String small = tmp.resolve("few.sqlite").toString();
        assertThat(CliRun.of("catalog", "import", few.toString(), "--catalog", small).exitCode()).isZero();
        assertThat(CliRun.of("history", "tiny-fm", "--catalog", small).stdout())
                .contains("none: 3 run(s) are too few to find a lasting shift (2 on each side of it, 4 in all)");
    }

    /**
     * Two sweep points of one workload, run in turn (200 and 400 records/s offered), each repetition on its own topic:
     * two series, each level on its own, and no "change point" between the points.
     */
    @Test
    void sweepPointsOfOneWorkloadAreSeriesOfTheirOwnNotChangePoints(@TempDir Path tmp) throws Exception {
        Path runs = tmp.resolve("runs");
        Random noise = new Random(3);
        for (int i = 0; i < 10; i++) {
            boolean fast = i % 2 == 1;
            run(runs, "rep-" + i, i, (fast ? 400 : 200) + noise.nextGaussian(), 1_500, fast ? 400 : 200);
        }
        String catalog = tmp.resolve("catalog.sqlite").toString();
        assertThat(CliRun.of("catalog", "import", runs.toString(), "--catalog", catalog).exitCode()).isZero();
        CliRun history = CliRun.of("history", "--catalog", catalog);
        assertThat(history.stdout()).as(history.stdout())
                .contains("history: 10 runs in 2 series")
                .contains("series 1 of 2: tiny-fm (5 runs)").contains("offered load=200 records/s")
                .contains("series 2 of 2: tiny-fm (5 runs)").contains("offered load=400 records/s")
                .doesNotContain("REGRESSION").doesNotContain("improvement").doesNotContain("IMPROVEMENT");
        CliRun json = CliRun.of("history", "--catalog", catalog, "--json");
        assertThat(JSON.readTree(json.stdout()).get("series")).hasSize(2);
    }

    /**
     * A tag in a result file holding markup reaches the trend page only escaped: the data block has no {@code <}
     * (report's TrendPageTest and ReportBrowserIT have the rest). Before the change it held {@code <!--<script>} as
     * written, and a browser lost the page's last script after it.
     */
    @Test
    void aTagHoldingMarkupReachesTheTrendPageEscaped(@TempDir Path tmp) throws Exception {
        Path runs = tmp.resolve("runs");
        for (int i = 0; i < 3; i++) {
            Path dir = run(runs, "run-" + i, i, 200 + i, 1_500);
            ObjectNode tree = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
            tree.putObject("tags").put("team", "<!--<script>");
            JSON.writeValue(dir.resolve("result.json").toFile(), tree);
        }
        String catalog = tmp.resolve("catalog.sqlite").toString();
        CliRun imported = CliRun.of("catalog", "import", runs.toString(), "--catalog", catalog);
        assertThat(imported.exitCode()).as(imported.transcript()).isZero();
        Path page = tmp.resolve("trend.html");
        CliRun html = CliRun.of("history", "--catalog", catalog, "--html", page.toString());
        assertThat(html.exitCode()).as(html.transcript()).isZero();
        String text = Files.readString(page);
        String open = "<script id=\"history-data\" type=\"application/json\">";
        int start = text.indexOf(open) + open.length();
        String data = text.substring(start, text.indexOf("</script>", start));
        assertThat(data).contains("\"team\":\"\\u003c!--\\u003cscript\\u003e\"").doesNotContain("<");
    }

    @Test
    void historyMarksTheSlowRunAndTheGateFailsASlowCandidate(@TempDir Path tmp) throws Exception {
        Random noise = new Random(9);
        Path history = tmp.resolve("history");
        for (int i = 0; i < 10; i++) {
            boolean slow = i == 5;
            run(history, "run-" + i, i, slow ? 100 : 200 + 4 * noise.nextGaussian(),
                    slow ? 6_000 : 1_500 + (long) (30 * noise.nextGaussian()));
        }
        String catalog = tmp.resolve("catalog.sqlite").toString();
        CliRun imported = CliRun.of("catalog", "import", history.toString(), "--catalog", catalog);
        assertThat(imported.exitCode()).as(imported.stdout() + imported.stderr()).isZero();
        assertThat(imported.stdout()).contains("10 entries added");
        assertThat(CliRun.of("catalog", "import", history.toString(), "--catalog", catalog).stdout())
                .contains("0 entries added, 10 already there");

        CliRun table = CliRun.of("history", "tiny-fm", "--catalog", catalog, "--html", tmp.resolve("trend.html").toString());
        assertThat(table.exitCode()).as(table.stderr()).isZero();
        assertThat(table.stdout()).contains("REGRESSION produced.recordsPerSec at run run-5")
                .contains("REGRESSION publish.p50 at run run-5").contains("one run");
        assertThat(table.stdout().lines().filter(l -> l.contains("REGRESSION") || l.contains("IMPROVEMENT")))
                .allMatch(l -> l.contains("at run run-5"));
        assertThat(table.stdout()).containsPattern("REGRESSION produced\\.recordsPerSec at run run-5: [0-9.]+ -> 100\\.0"
                + " records/s, lower by 50\\.[0-9]% \\[-[0-9.]+%, -[0-9.]+%\\] \\(one run against 9 around it");
        assertThat(Files.readString(tmp.resolve("trend.html"))).contains("run-5/report.html").contains("Chart");

        CliRun csv = CliRun.of("history", "tiny-fm", "--catalog", catalog, "--csv");
        assertThat(csv.stdout().lines().findFirst().orElseThrow()).startsWith("time,run,commit,workload_hash,environment,");
        assertThat(csv.stdout().lines()).hasSize(11);

        Path candidates = tmp.resolve("candidate");
        for (int i = 0; i < 3; i++) {
            run(candidates, "rep-" + i, 100 + i, 150 + i, 1_500 + 10L * i);
        }
        Path junit = tmp.resolve("junit.xml");
        Path md = tmp.resolve("summary.md");
        CliRun gate = CliRun.of("compare", "--baseline", "workload=tiny-fm,last=10", candidates.toString(),
                "--catalog", catalog, "--junit-xml", junit.toString(), "--markdown", md.toString());
        assertThat(gate.exitCode()).as(gate.stdout() + gate.stderr()).isEqualTo(6);
        assertThat(gate.stdout()).containsPattern("produced.recordsPerSec +REGRESSION");
        assertThat(Files.readString(junit)).contains("<failure").contains("produced.recordsPerSec");
        assertThat(Files.readString(md)).contains("**REGRESSION**");

        CliRun same = CliRun.of("compare", "--baseline", "workload=tiny-fm,last=4", history.resolve("run-9").toString(),
                "--catalog", catalog);
        assertThat(same.exitCode()).isZero();
        assertThat(same.stdout()).contains("too few runs to judge");
    }

    @Test
    void anUnusableCatalogNeverFailsTheRecordingCaller(@TempDir Path tmp) throws Exception {
        Path dir = run(tmp, "run", 0, 200, 1_500);
        Path notADatabase = Files.writeString(tmp.resolve("corrupt.sqlite"), "this is not a SQLite file, it is text");
        var line = new io.kbench.catalog.CatalogRecorder(io.kbench.catalog.CatalogUrl.parse(notADatabase.toString()), null)
                .record(dir);
        assertThat(line).hasValueSatisfying(l -> assertThat(l).startsWith("catalog: not recorded in ")
                .contains("kbench catalog import " + dir).doesNotContain("\n"));
        CliRun bad = CliRun.of("history", "--catalog", "jdbc:mysql://nope");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stderr().strip().lines()).hasSize(1);
        // Refused before anything opens it: no SQLite file named after the URL appears in the working directory.
        assertThat(Path.of("jdbc:mysql:")).doesNotExist();
        assertThat(Path.of("mysql:")).doesNotExist();
    }

    @Test
    void aLockedOrUnreachableCatalogCostsOneLineAndImportAddsTheRunLater(@TempDir Path tmp) throws Exception {
        Path dir = run(tmp, "run", 0, 200, 1_500);
        Path file = tmp.resolve("locked.sqlite");
        io.kbench.catalog.CatalogUrl url = io.kbench.catalog.CatalogUrl.parse(file.toString());
        try (io.kbench.catalog.Catalog created = io.kbench.catalog.Catalog.open(url)) {
            assertThat(created.url()).isEqualTo(url);
        }
        try (java.sql.Connection holder = java.sql.DriverManager.getConnection(url.jdbc());
             java.sql.Statement st = holder.createStatement()) {
            st.execute("BEGIN EXCLUSIVE"); // another kbench in the middle of a write, for longer than the 5 s wait
            var line = new io.kbench.catalog.CatalogRecorder(url, null).record(dir);
            assertThat(line).hasValueSatisfying(l -> assertThat(l).startsWith("catalog: not recorded in ")
                    .contains("kbench catalog import " + dir).doesNotContain("\n"));
            st.execute("ROLLBACK");
        }
        assertThat(Files.exists(dir.resolve("result.json"))).as("the run's files stand").isTrue();
        try (io.kbench.catalog.Catalog later = io.kbench.catalog.Catalog.open(url)) {
            assertThat(io.kbench.catalog.CatalogImport.run(later, List.of(dir)).added()).isEqualTo(1);
        }
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        var unreachable = new io.kbench.catalog.CatalogRecorder(io.kbench.catalog.CatalogUrl.parse(
                "jdbc:postgresql://127.0.0.1:" + closedPort + "/k?user=u&password=s3cret"), null).record(dir);
        assertThat(unreachable).hasValueSatisfying(l -> assertThat(l).startsWith("catalog: not recorded in ")
                .doesNotContain("s3cret").doesNotContain("\n").contains("kbench catalog import " + dir));
    }
}
