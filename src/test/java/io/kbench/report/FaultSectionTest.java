package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run with faults: a Faults table with the recovery times, and the fault windows on the time charts. */
class FaultSectionTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    @Test
    void faultsAreTabledAndShaded() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.set("faults", JSON.readTree("""
                [{"index": 0, "spec": {"at": "5s", "action": "kill", "target": "leader", "duration": "3s"},
                  "brokerId": 2, "startSec": 8.5, "endSec": 11.5, "failedRecords": 4,
                  "publishLatencyMicros": {"count": 10, "p50": 1000, "p95": 2000, "p99": 3500, "p999": 4000,
                    "max": 5000, "mean": 1500.0},
                  "recovery": {"baselineRecordsPerSec": 1000.0, "baselineP99Micros": 2000.0, "throughputSec": 2.0}},
                 {"index": 1, "spec": {"at": "20s", "action": "pause", "target": "3"}, "failedRecords": 0,
                  "error": "cannot find the topic's partitions"}]
                """));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        ReportRendererTest.assertSelfContained(html);
        assertThat(html).contains("<h2>Faults</h2>").contains("kill leader at 5s for 3s").contains("not recovered")
                .contains("cannot find the topic's partitions").contains("shaded: fault windows");
        JsonNode charts = ReportRendererTest.data(html).get("charts");
        int shaded = 0;
        for (JsonNode c : charts) {
            JsonNode bands = c.get("config").get("kbenchBands");
            if (bands != null) {
                shaded++;
                assertThat(bands).hasSize(1);
                assertThat(bands.get(0).get("from").asDouble()).isEqualTo(8.5);
                assertThat(bands.get(0).get("to").asDouble()).isEqualTo(11.5);
                assertThat(bands.get(0).get("label").asText()).isEqualTo("fault 0: kill broker 2");
            }
        }
        assertThat(shaded).as("throughput (2) and latency charts").isGreaterThanOrEqualTo(3);
    }

    @Test
    void aRollIsShadedStepByStep() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.set("faults", JSON.readTree("""
                [{"index": 0, "spec": {"at": "5s", "action": "roll"}, "startSec": 8.0, "endSec": 30.0, "failedRecords": 0,
                  "roll": {"order": [1, 3, 2], "steps": [
                    {"broker": 1, "startSec": 8.0, "endSec": 15.0, "failedRecords": 0},
                    {"broker": 3, "startSec": 15.0, "endSec": 22.5, "failedRecords": 0},
                    {"broker": 2, "startSec": 22.5, "failedRecords": 0, "error": "not back in sync within 90 s"}]}}]
                """));
        Files.writeString(dir.resolve("result.json"), JSON.writeValueAsString(r));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        JsonNode charts = ReportRendererTest.data(html).get("charts");
        double last = r.get("intervals").get(r.get("intervals").size() - 1).get("endSec").asDouble();
        int shaded = 0;
        for (JsonNode c : charts) {
            JsonNode bands = c.get("config").get("kbenchBands");
            if (bands != null) {
                shaded++;
                assertThat(bands).hasSize(3);
                assertThat(bands.get(1).get("label").asText()).isEqualTo("fault 0: roll broker 3");
                assertThat(bands.get(1).get("from").asDouble()).isEqualTo(15.0);
                assertThat(bands.get(1).get("to").asDouble()).isEqualTo(22.5);
                assertThat(bands.get(2).get("to").asDouble()).as("an unfinished step: to the end").isEqualTo(last);
            }
        }
        assertThat(shaded).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aRunWithoutFaultsHasNoFaultSection() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.copy("run-sample", tmp), ReportRenderer.Options.NONE);
        assertThat(html).doesNotContain("<h2>Faults</h2>");
        for (JsonNode c : ReportRendererTest.data(html).get("charts")) {
            assertThat(c.get("config").has("kbenchBands")).isFalse();
        }
    }
}
