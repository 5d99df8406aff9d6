package io.kbench.report;

import static io.kbench.report.ReportRendererTest.assertSelfContained;
import static io.kbench.report.ReportRendererTest.count;
import static io.kbench.report.ReportRendererTest.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of runs with telemetry (fixture report/run-telemetry: a real run with synthetic telemetry). */
class TelemetryReportTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    @Test
    void theDiagnosisIsAtTheTopWithItsFiguresSpikesAndMethod() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("run-telemetry"), ReportRenderer.Options.NONE);

        assertSelfContained(html);
        // The one-line verdict on top, then the headline figures, where the time went, and the table behind the verdict.
        int verdict = html.indexOf("<h2>Verdict</h2>");
        assertThat(verdict).isPositive().isLessThan(html.indexOf("<h2>Headline figures"));
        assertThat(html.indexOf("<h2>Headline figures")).isLessThan(html.indexOf("<h2>Where the time went</h2>"));
        assertThat(html.indexOf("<h2>Where the time went</h2>"))
                .isLessThan(html.indexOf("<h2>Diagnosis: the figures behind the verdict</h2>"));
        assertThat(html).contains("<p class=\"diagnosis found\">limited by: request handler threads (publish mean ",
                "; request handler idle 23% while p99 rose; load generator CPU 76%; disk util 9.0%)</p>",
                "waiting for a request handler", "Produce RequestQueueTimeMs", "share of the publish mean");
        assertThat(html).contains("request handler threads idle (broker-1)", "23.5",
                "mean of request_handler_idle_percent of broker-1 over the measured intervals");
        // The worst interval (ending at 10.97 s, p99 3,011 ms) with the segment roll and the GC pause just before it.
        assertThat(html).contains("<td class=\"num\">11</td><td class=\"num\">3,011</td>",
                "segment_roll broker-1 at 10.4 s (kbench-quickstart-3)", "gc_pause broker-1 at 10.9 s (45 ms G1 Young)",
                "request_handler_idle_percent broker-1 -0.");
        assertThat(html).contains("Method: spikes: the 3 measured intervals with the highest end-to-end p99", "Pearson");
        assertThat(html).doesNotContain("Absent sources");
    }

    @Test
    void seriesAreChartedUnderTheLatencyChartsOnTheirTimeAxisWithEventsOnTheLatencyCharts() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("run-telemetry"), ReportRenderer.Options.NONE);

        List<String> titles = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<figcaption>(.*?)</figcaption>").matcher(html);
        while (m.find()) {
            titles.add(m.group(1));
        }
        assertThat(titles).containsSubsequence("End-to-end latency per interval (ms)", "Process CPU (%, 100 = one core)",
                "Broker thread pools idle (%)", "Host CPU (%, 100 = all cores)", "Disk utilisation (%)",
                "Produce request time (ms, mean per interval)", "Fetch request time (ms, mean per interval)",
                "Log flush and GC pause time (ms)", "Bytes (MiB/s)", "Page cache and memory (MiB)", "Latency by percentile (ms)");
        assertThat(titles).containsSubsequence("End-to-end latency per interval (ms)",
                "Where the time went (publish latency, ms)", "Process CPU (%, 100 = one core)");
        JsonNode charts = data(html).get("charts");
        JsonNode e2e = charts.get(3).get("config");
        JsonNode anatomy = charts.get(4).get("config");
        assertThat(anatomy.at("/options/scales/x")).isEqualTo(e2e.at("/options/scales/x"));
        assertThat(anatomy.at("/options/scales/y/stacked").asBoolean()).isTrue();
        JsonNode cpu = charts.get(5).get("config");
        assertThat(e2e.at("/options/scales/x")).isEqualTo(cpu.at("/options/scales/x"));
        assertThat(cpu.at("/options/scales/x/max").asDouble()).isEqualTo(22.841);
        JsonNode events = e2e.at("/data/datasets/3");
        assertThat(events.get("label").asText()).isEqualTo("events");
        assertThat(events.get("type").asText()).isEqualTo("scatter");
        assertThat(events.get("data")).hasSize(3);
        assertThat(events.at("/data/0/text").asText()).isEqualTo("segment_roll broker-1 kbench-quickstart-3");
        JsonNode brokerCpu = cpu.at("/data/datasets/0");
        assertThat(brokerCpu.get("label").asText()).isEqualTo("CPU of the broker process, 100 = one core · broker-1");
        // The first interval was not sampled: a gap, not a zero.
        assertThat(brokerCpu.at("/data/0/y").isNull()).isTrue();
        assertThat(brokerCpu.at("/data/1/y").asDouble()).isPositive();
    }

    @Test
    void zeroChartsAndRoutineEventsAreSaidNotDrawnAndTheAnatomyIsNoWarning() throws Exception {
        Path dir = ReportFixtures.copy("run-telemetry", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        ObjectNode telemetry = (ObjectNode) r.get("telemetry");
        int n = r.get("intervals").size();
        for (String metric : List.of("isr_shrinks_per_sec", "produce_purgatory_size")) {
            ArrayNode values = ((ArrayNode) telemetry.get("series")).addObject().put("metric", metric)
                    .put("source", "broker-1").putArray("values");
            for (int i = 0; i < n; i++) {
                values.add(0.0);
            }
        }
        // A log flush in every interval, as a quiet broker flushes: routine, not an event to mark.
        ArrayNode events = (ArrayNode) telemetry.get("events");
        for (JsonNode interval : r.get("intervals")) {
            events.addObject().put("atSec", interval.get("endSec").asDouble() - 0.5).put("type", "log_flush")
                    .put("source", "broker-1").put("detail", "1 segment flush(es)");
        }
        JSON.writeValue(dir.resolve("result.json").toFile(), r);

        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);

        assertThat(html).doesNotContain("<figcaption>Other (shrinks/s)</figcaption>", "<figcaption>Other (requests)</figcaption>")
                .contains("Zero throughout the run, so not drawn: ISR shrinks (broker-1); Produce requests waiting in"
                        + " purgatory (broker-1).");
        JsonNode e2e = data(html).get("charts").get(3).get("config");
        JsonNode marks = e2e.at("/data/datasets/3/data");
        assertThat(marks).hasSize(2).noneMatch(m -> m.get("text").asText().startsWith("log_flush"));
        assertThat(html).contains("not drawn, as they came in most intervals: log_flush (" + (n + 1) + ")"); // and the fixture's own
        // Where the time went is a finding about any run, not a warning: the neutral style, and room for its legend.
        assertThat(html).contains("<p class=\"diagnosis\">publish mean").doesNotContain("<p class=\"diagnosis found\">publish mean");
        assertThat(html).containsPattern("Where the time went \\(publish latency, ms\\)</figcaption>.*?<div class=\"chart tall(er)?\"");
    }

    @Test
    void absentSourcesAreStatedAndAMissingDiagnosisIsSaid() throws Exception {
        Path dir = ReportFixtures.copy("run-telemetry", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        ObjectNode telemetry = (ObjectNode) r.get("telemetry");
        telemetry.remove("diagnosis");
        ((ArrayNode) telemetry.get("sources")).addObject().put("id", "broker-2").put("kind", "jmx")
                .put("address", "10.0.0.7:9999").put("available", false).put("absentReason", "connection refused");
        JSON.writeValue(dir.resolve("result.json").toFile(), r);

        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);

        assertThat(html).contains("Not judged: the run has telemetry but no diagnosis.",
                "Absent sources (their series are missing, not zero): broker-2 (jmx: connection refused).");
    }

    @Test
    void aRunWithoutTelemetryRendersAsBefore() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("run-sample"), ReportRenderer.Options.NONE);

        assertThat(html).doesNotContain("<h2>Diagnosis</h2>", "limited by: ", "\"kbenchEvents\":true");
        assertThat(data(html).get("charts")).hasSize(5);
    }

    @Test
    void sweepPointsShowTheirRunsDiagnoses() throws Exception {
        Path dir = ReportFixtures.copy("sweep", tmp);
        Path run = ReportFixtures.path("run-telemetry").resolve("result.json");
        for (String rep : List.of("rep-1", "rep-2")) {
            Path d = Files.createDirectories(dir.resolve("points/batch-16k").resolve(rep));
            Files.copy(run, d.resolve("result.json"));
        }

        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);

        assertThat(html).contains("<th>limited by</th>",
                "<td>limited by: request handler threads (publish mean ",
                "request handler idle 23% while p99 rose; load generator CPU 76%; disk util 9.0%) [2 of 3 runs]</td>");
        assertThat(count(html, "<td>-</td>")).isGreaterThanOrEqualTo(2);
    }

    @Test
    void findMaxProbesShowTheirDiagnosis() throws Exception {
        Path dir = ReportFixtures.copy("find-max", tmp);
        Path probe = Files.createDirectories(dir.resolve("probes/03-40000"));
        Files.copy(ReportFixtures.path("run-telemetry").resolve("result.json"), probe.resolve("result.json"));

        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);

        assertThat(html).contains("<th>limited by</th>", "<td>limited by: request handler threads (publish mean ",
                "; request handler idle 23%");
        String plain = ReportRenderer.render(ReportFixtures.path("find-max"), ReportRenderer.Options.NONE);
        assertThat(plain).doesNotContain("limited by");
    }
}
