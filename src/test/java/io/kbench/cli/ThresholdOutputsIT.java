package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.cluster.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code --junit-xml} and {@code --markdown} on real runs against a real broker: a run with one threshold that holds
 * and one that cannot (a publish p50 under a microsecond) exits 3, writes JUnit XML the JDK's DOM parser reads with
 * exactly one failure carrying the measured figure and the limit in their unit, and appends its Markdown table after
 * what the file held; the {@code produce} drop-in writes the same files.
 */
@EmbeddedKafka
class ThresholdOutputsIT {
    /** Set by @EmbeddedKafka. */
    private static EmbeddedCluster cluster;

    @TempDir
    Path tmp;

    private static Element suite(Path xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
    }

    @Test
    void aRunWithAPassingAndAFailingThresholdReportsBothAndExits3() throws Exception {
        Path xml = tmp.resolve("reports/junit/kbench.xml");
        Path md = tmp.resolve("step-summary.md");
        Files.writeString(md, "## an earlier step\n\n");
        CliRun run = CliRun.of("run", "src/test/resources/workloads/it-produce.yaml", "--bootstrap-server",
                cluster.bootstrapServers(), "--set", "topic.name=threshold-outputs", "--results-dir",
                tmp.resolve("results").toString(), "--threshold", "produced.records>=5000", "--threshold", "publish.p50<1us",
                "--junit-xml", xml.toString(), "--markdown", md.toString());

        assertThat(run.exitCode()).as(run.transcript()).isEqualTo(3);
        assertThat(run.stdout()).contains("junit-xml: " + xml, "markdown: " + md);
        Element suite = suite(xml);
        assertThat(suite.getAttribute("name")).isEqualTo("kbench run it-produce");
        assertThat(suite.getAttribute("tests")).isEqualTo("3");
        assertThat(suite.getAttribute("failures")).as("%s\n%s", Files.readString(xml), run.transcript()).isEqualTo("1");
        NodeList failures = suite.getElementsByTagName("failure");
        assertThat(failures.getLength()).isEqualTo(1);
        Element failed = (Element) failures.item(0).getParentNode();
        assertThat(failed.getAttribute("name")).isEqualTo("publish.p50<1us");
        assertThat(((Element) failures.item(0)).getAttribute("message"))
                .matches("measured [0-9,]+(\\.[0-9]{1,3})? ms, limit < 0\\.001 ms \\(judged on the run's summary\\)");
        assertThat(suite.getTextContent()).contains("PASS: measured 5,000 records, limit >= 5,000 records")
                .contains("exit 3 THRESHOLD_FAILED");

        String summary = Files.readString(md);
        assertThat(summary).startsWith("## an earlier step\n\n### kbench run it-produce: 1 of 2 threshold(s) failed"
                + " (exit 3 THRESHOLD_FAILED)\n");
        assertThat(summary).contains("| PASS | `produced.records>=5000` | 5,000 records | &gt;= 5,000 records |")
                .containsPattern("\\| \\*\\*FAIL\\*\\* \\| `publish.p50<1us` \\| [0-9.,]+ ms \\| &lt; 0.001 ms \\|");
    }

    @Test
    void theProduceDropInWritesThemToo() throws Exception {
        Path xml = tmp.resolve("produce.xml");
        Path md = tmp.resolve("produce.md");
        CliRun run = CliRun.of("produce", "--bootstrap-server", cluster.bootstrapServers(), "--topic", "threshold-dropin",
                "--num-records", "2000", "--record-size", "64", "--throughput", "-1", "--threshold", "produced.errors<1",
                "--results-dir", tmp.resolve("results").toString(), "--junit-xml", xml.toString(), "--markdown",
                md.toString());

        assertThat(run.exitCode()).as(run.transcript()).isZero();
        Element suite = suite(xml);
        assertThat(suite.getAttribute("name")).isEqualTo("kbench produce");
        assertThat(suite.getAttribute("tests")).isEqualTo("2");
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getTextContent()).contains("PASS: measured 0 errors, limit < 1 errors", "exit 0 OK");
        assertThat(Files.readString(md)).contains("all 1 threshold(s) held (exit 0 OK)")
                .contains("| PASS | `produced.errors<1` | 0 errors | &lt; 1 errors |");
    }
}
