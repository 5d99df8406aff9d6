package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.error.ExitCode;
import io.kbench.kpi.Threshold;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code --junit-xml} and {@code --markdown} of the workload commands: JUnit XML that the JDK's parser reads, one case
 * per threshold (per sweep point) with its figure and limit in the metric's unit, one for how the command ended (failed
 * only when something other than a threshold set the exit code); a Markdown table whose rows a name cannot break.
 */
class ThresholdOutputsTest {
    /** A workload name a CI would have to show as text, in XML and in Markdown. */
    static final String HOSTILE = "q<\"&'|`x";

    /** 1,000 records produced at 100 records/s, publish p50 2.5 ms; nothing consumed. */
    static Summary summary() {
        return new Summary("actualSendTime", new Totals(1000, 100_000, 100, 0.01, 10, 0, null, 0, null, null), null,
                new LatencyStats(1000, 2500, 3000, 4000, 5000, 6000, 2600), null, null, null);
    }

    /** A pass and a fail judged on one summary. */
    static List<ThresholdVerdict> verdicts() {
        Summary summary = summary();
        return List.of(Threshold.parse("produced.records>=1000").evaluate(summary),
                Threshold.parse("publish.p50<1ms").evaluate(summary));
    }

    static ThresholdReport run(ExitCode exit) {
        return new ThresholdReport("kbench run", new ThresholdReport.Judged(HOSTILE, "the run's summary",
                verdicts().stream().map(v -> new ThresholdReport.Case(null, v)).toList()), exit);
    }

    static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aRunsXmlParsesWithOneFailureCarryingTheFigureAndTheLimitInTheirUnits() throws Exception {
        Document doc = parse(ThresholdJunitXml.of(run(ExitCode.THRESHOLD_FAILED)));
        Element suite = doc.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("name")).isEqualTo("kbench run " + HOSTILE);
        assertThat(suite.getAttribute("tests")).isEqualTo("3");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(3);
        Element exit = (Element) cases.item(0);
        assertThat(exit.getAttribute("classname")).isEqualTo("kbench.run");
        assertThat(exit.getElementsByTagName("failure").getLength()).as("the run itself ended as asked").isZero();
        assertThat(exit.getTextContent()).contains("exit 3 THRESHOLD_FAILED");
        Element pass = (Element) cases.item(1);
        assertThat(pass.getAttribute("name")).isEqualTo("produced.records>=1000");
        assertThat(pass.getElementsByTagName("system-out").item(0).getTextContent()).isEqualTo("PASS: measured 1,000 records, limit >= 1,000 records (judged on the"
                + " run's summary)");
        Element fail = (Element) cases.item(2);
        assertThat(fail.getAttribute("name")).isEqualTo("publish.p50<1ms");
        Element failure = (Element) fail.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).isEqualTo("measured 2.5 ms, limit < 1 ms (judged on the run's summary)");
        assertThat(failure.getAttribute("type")).isEqualTo("THRESHOLD_FAILED");
    }

    @Test
    void aRunThatEndedForAnotherReasonFailsItsExitCase() throws Exception {
        Element suite = parse(ThresholdJunitXml.of(run(ExitCode.RATE_SHORTFALL))).getDocumentElement();
        assertThat(suite.getAttribute("failures")).as("the shortfall and the failed threshold").isEqualTo("2");
        Element exit = (Element) suite.getElementsByTagName("testcase").item(0);
        assertThat(((Element) exit.getElementsByTagName("failure").item(0)).getAttribute("message"))
                .isEqualTo("exit 5 RATE_SHORTFALL: " + ExitCode.RATE_SHORTFALL.meaning());
        assertThat(ThresholdMarkdown.of(run(ExitCode.RATE_SHORTFALL))).contains("(exit 5 RATE_SHORTFALL)")
                .contains("**" + ExitCode.RATE_SHORTFALL.meaning() + "** The thresholds are moot");
    }

    @Test
    void aSweepHasOneCasePerPointAndThreshold() throws Exception {
        List<ThresholdReport.Case> cases = new ArrayList<>();
        for (String point : List.of("rate=1000", "rate=2000")) {
            verdicts().forEach(v -> cases.add(new ThresholdReport.Case(point, v)));
        }
        ThresholdReport sweep = new ThresholdReport("kbench sweep", new ThresholdReport.Judged("batch",
                "each point's median", cases), ExitCode.THRESHOLD_FAILED);
        Element suite = parse(ThresholdJunitXml.of(sweep)).getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo("5");
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        assertThat(((Element) suite.getElementsByTagName("testcase").item(4)).getAttribute("name"))
                .isEqualTo("rate=2000: publish.p50<1ms");
        String md = ThresholdMarkdown.of(sweep);
        assertThat(md).startsWith("### kbench sweep batch: 2 of 4 threshold(s) failed (exit 3 THRESHOLD_FAILED)\n")
                .contains("Judged on each point's median.")
                .contains("| point | verdict | threshold | measured | limit |")
                .contains("| rate=2000 | **FAIL** | `publish.p50<1ms` | 2.5 ms | &lt; 1 ms |");
    }

    @Test
    void theMarkdownTableKeepsEveryRowWhateverTheName() {
        String md = ThresholdMarkdown.of(run(ExitCode.THRESHOLD_FAILED));
        assertThat(md).startsWith("### kbench run q&lt;\"&amp;'\\|'x: 1 of 2 threshold(s) failed (exit 3 THRESHOLD_FAILED)\n");
        List<String> rows = md.lines().filter(l -> l.startsWith("|")).toList();
        assertThat(rows).containsExactly("| verdict | threshold | measured | limit |", "|---|---|---:|---|",
                "| PASS | `produced.records>=1000` | 1,000 records | &gt;= 1,000 records |",
                "| **FAIL** | `publish.p50<1ms` | 2.5 ms | &lt; 1 ms |");
    }

    @Test
    void noThresholdsStillSaysHowTheCommandEnded() throws Exception {
        ThresholdReport none = new ThresholdReport("kbench produce", new ThresholdReport.Judged("produce",
                "the run's summary", List.of()), ExitCode.OK);
        Element suite = parse(ThresholdJunitXml.of(none)).getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo("1");
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(ThresholdMarkdown.of(none)).isEqualTo("### kbench produce: no thresholds (exit 0 OK)\n\n");
    }

    @Test
    void anUnmeasuredMetricFailsAndSaysSo() throws Exception {
        ThresholdVerdict e2e = Threshold.parse("e2e.p99<50ms").evaluate(summary());
        ThresholdReport r = new ThresholdReport("kbench run", new ThresholdReport.Judged("x", "the run's summary",
                List.of(new ThresholdReport.Case(null, e2e))), ExitCode.THRESHOLD_FAILED);
        Element failure = (Element) parse(ThresholdJunitXml.of(r)).getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).isEqualTo("not measured in this run, limit < 50 ms (judged on the run's summary)");
    }
}
