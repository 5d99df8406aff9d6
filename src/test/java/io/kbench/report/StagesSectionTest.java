package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A staged run (producers.stages): a table of its stages in the report, and none without stages. */
class StagesSectionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    @Test
    void everyStageIsARowWithItsRatesAndLatencies() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.set("stages", JSON.readTree("""
                [{"stage": 1, "shape": "5,000 records/s for 20s", "startSec": 10.0, "endSec": 30.0,
                  "offeredRecordsPerSec": 5000.0, "achievedRecordsPerSec": 4998.5, "achievedRatio": 0.9997, "failed": 0,
                  "publish": {"count": 100000, "p50": 1210, "p95": 2000, "p99": 4805, "p999": 6000, "max": 9000,
                  "mean": 1500.0},
                  "endToEnd": {"count": 100000, "p50": 1510, "p95": 2500, "p99": 6020, "p999": 7000, "max": 9500,
                  "mean": 1800.0}},
                 {"stage": 2, "shape": "5,000 -> 20,000 records/s over 10s", "startSec": 30.0, "endSec": 40.0,
                  "offeredRecordsPerSec": 12500.0, "achievedRecordsPerSec": 12480.2, "achievedRatio": 0.998416,
                  "failed": 3, "publish": {"count": 0, "p50": 0, "p95": 0, "p99": 0, "p999": 0, "max": 0, "mean": 0},
                  "endToEnd": {"count": 0, "p50": 0, "p95": 0, "p99": 0, "p999": 0, "max": 0, "mean": 0}}]
                """));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        ReportRendererTest.assertSelfContained(html);
        int section = html.indexOf("<h2>Rate stages: offered and achieved</h2>");
        assertThat(section).as("the section").isPositive();
        String stages = html.substring(section, html.indexOf("</section>", section));
        assertThat(stages).contains("<td>5,000 records/s for 20s</td>").contains("<td>5,000 -&gt; 20,000 records/s over 10s</td>")
                .contains(num("5,000")).contains(num("4,999")).contains(num("12,500")).contains(num("12,480"))
                .contains(num("1.21")).contains(num("4.81")).contains(num("6.02")).contains(num("3")).contains(num("-"))
                .contains("e2e p99 ms");
    }

    @Test
    void aRunWithoutStagesHasNoSection() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        assertThat(ReportRenderer.render(dir, ReportRenderer.Options.NONE)).doesNotContain("Rate stages");
    }

    private static String num(String cell) {
        return "<td class=\"num\">" + cell + "</td>";
    }
}
