package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A verified run: its integrity verdict is the first section of the report, styled by verdict. */
class IntegritySectionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    static final String SETTINGS = """
            {"acks": "all", "idempotence": true, "maxInFlight": 5, "minInsyncReplicas": 2, "replicationFactor": 3,
             "uncleanLeaderElection": false}""";
    static final String NONE = "{\"count\": 0, \"verdict\": \"ok\", \"examples\": []}";

    private String render(String integrity) throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.set("integrity", JSON.readTree(integrity));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        ReportRendererTest.assertSelfContained(html);
        return html;
    }

    @Test
    void aViolationLeadsTheReportWithCountsReasonAndSettings() throws Exception {
        String html = render("""
                {"verdict": "violation", "settings": %s, "sent": 3200, "acknowledged": 3200, "failed": 0,
                 "indeterminate": 7, "read": 2921, "acknowledgedFound": 2921, "indeterminateFound": 3,
                 "preexistingSkipped": 0,
                 "lost": {"count": 279, "verdict": "violation", "reason": "acks=all with min.insync.replicas=2",
                   "examples": [{"producer": 0, "sequence": 3, "partition": 1, "offset": 503}]},
                 "duplicated": %s, "reordered": %s, "unexpected": %s}
                """.formatted(SETTINGS, NONE, NONE, NONE));
        int verdict = html.indexOf("<section class=\"integrity fail\">");
        assertThat(verdict).isPositive();
        assertThat(verdict).isLessThan(html.indexOf("Headline figures"));
        String section = html.substring(verdict, html.indexOf("</section>", verdict));
        assertThat(section).contains("<span class=\"badge fail\">VIOLATION</span>")
                .contains("a guarantee of the settings was broken")
                .containsSubsequence("lost", "279", "duplicated", "0", "reordered", "0", "unexpected", "0",
                        "indeterminate", "7")
                .contains("lost: violation (acks=all with min.insync.replicas=2)")
                .contains("acks=all idempotence=true min.insync.replicas=2 RF=3 unclean.leader.election=false")
                .doesNotContain("not read back");
    }

    @Test
    void anInconclusiveCheckSaysHowMuchCouldNotBeReadBack() throws Exception {
        String html = render("""
                {"verdict": "inconclusive", "settings": %s, "sent": 100, "acknowledged": 100, "failed": 0,
                 "indeterminate": 0, "read": 60, "acknowledgedFound": 60, "indeterminateFound": 0,
                 "preexistingSkipped": 0, "unread": 40,
                 "lost": {"count": 40, "verdict": "inconclusive", "reason": "not found in the part read back",
                   "examples": []},
                 "duplicated": %s, "reordered": %s, "unexpected": %s}
                """.formatted(SETTINGS, NONE, NONE, NONE));
        int verdict = html.indexOf("<section class=\"integrity warn\">");
        assertThat(verdict).isPositive();
        assertThat(html.substring(verdict)).contains("INCONCLUSIVE").containsSubsequence("not read back", "40");
    }

    @Test
    void anUnverifiedRunHasNoVerdict() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.copy("run-sample", tmp), ReportRenderer.Options.NONE);
        assertThat(html).doesNotContain("section class=\"integrity");
    }

    @Test
    void theStudyMarkdownOfAVerifiedRunCarriesTheVerdictLine() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.set("integrity", JSON.readTree("""
                {"verdict": "ok", "settings": %s, "sent": 100, "acknowledged": 100, "failed": 0,
                 "indeterminate": 0, "read": 100, "acknowledgedFound": 100, "indeterminateFound": 0,
                 "preexistingSkipped": 0, "lost": %s, "duplicated": %s, "reordered": %s, "unexpected": %s}
                """.formatted(SETTINGS, NONE, NONE, NONE, NONE)));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String md = Files.readString(ReportRenderer.writeMarkdown(dir, null));
        assertThat(md).contains("integrity: OK");
    }
}
