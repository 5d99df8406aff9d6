package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run with a backlog phase (consumers.pause): its figures and phases get a section in the report. */
class BacklogSectionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    @Test
    void theBacklogFiguresAndEveryPhaseAreShownInTheOneNumberFormat() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        // The backlog section of the scenarios/backlog-drain.yaml run quoted in docs/backlog.md.
        r.set("backlog", JSON.readTree("""
                {"condition": "size 40MiB", "resumedBy": "condition", "backlogRecords": 42087,
                 "backlogMiB": 40.137290954589844, "drainSec": 1.797662224, "drainLagRecords": 176,
                 "catchUpRecordsPerSec": 29873.799027998044, "catchUpMiBPerSec": 28.489874866483728,
                 "phases": [
                  {"name": "before", "startSec": 0.0, "endSec": 5.001517042, "consumedRecordsPerSec": 5014.878443755186,
                   "consumedMiBPerSec": 4.78, "publish": {"count": 25000, "p50": 5439, "p95": 20000, "p99": 44191,
                   "p999": 50000, "max": 60000, "mean": 8000.0}},
                  {"name": "building", "startSec": 5.001517042, "endSec": 14.370550924,
                   "consumedRecordsPerSec": 1.7077534569214827, "consumedMiBPerSec": 0.0016},
                  {"name": "catch-up", "startSec": 14.370550924, "endSec": 16.168213148,
                   "consumedRecordsPerSec": 29873.799027998044, "consumedMiBPerSec": 28.489874866483728,
                   "publish": {"count": 8989, "p50": 567295, "p95": 882687, "p99": 956927, "p999": 972799,
                   "max": 974335, "mean": 565469.589943264}},
                  {"name": "after", "startSec": 16.168213148, "endSec": 30.561112069,
                   "consumedRecordsPerSec": 4953.414902120815, "consumedMiBPerSec": 4.72}]}
                """));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        ReportRendererTest.assertSelfContained(html);
        int section = html.indexOf("<h2>Backlog: pause, build, catch up, drain</h2>");
        assertThat(section).as("the section").isPositive();
        String backlog = html.substring(section, html.indexOf("</section>", section));
        assertThat(backlog).contains("backlog at the resume").contains(">40.1 <span class=\"unit\">MiB</span>").contains("42,087 records")
                .contains("resumed by size 40MiB").contains("time to drain").contains(">1.8 <span class=\"unit\">s</span>")
                .contains("lag back to &lt;= 176 records").contains("catch-up read").contains(">28.5 <span class=\"unit\">MiB/s</span>")
                .contains("29,874 records/s");
        assertThat(backlog).contains("<td>before</td>").contains("<td>building</td>").contains("<td>catch-up</td>")
                .contains("<td>after</td>");
        // Publish p50/p99/max of the catch-up, in ms by the one rule; "-" where a phase acknowledged nothing.
        assertThat(backlog).contains(num("567")).contains(num("957")).contains(num("974")).contains(num("5,015"))
                .contains(num("-"));
    }

    private static String num(String cell) {
        return "<td class=\"num\">" + cell + "</td>";
    }

    @Test
    void aRunWithoutABacklogPhaseHasNoSuchSection() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.copy("run-sample", tmp), ReportRenderer.Options.NONE);
        assertThat(html).doesNotContain("Backlog: pause");
    }
}
