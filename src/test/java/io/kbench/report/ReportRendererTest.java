package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.compare.Comparison;
import io.kbench.compare.NamedComparison;
import io.kbench.compare.RunSet;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportRendererTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String XSS = "<script>alert(1)</script>";
    private static final String XSS_ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;";

    @TempDir
    Path tmp;

    /** The chart configurations in the page's JSON data block. */
    static JsonNode data(String html) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"kbench-data\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertThat(m.find()).as("data block").isTrue();
        return JSON.readTree(m.group(1));
    }

    static int count(String html, String needle) {
        int n = 0;
        for (int i = html.indexOf(needle); i >= 0; i = html.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** Self-contained: Chart.js inlined, no external resource of any kind, every chart has a container. */
    static void assertSelfContained(String html) throws Exception {
        assertThat(html).startsWith("<!DOCTYPE html>").contains("Chart.js v" + ChartLibrary.version());
        assertThat(html).doesNotContain("<script src", "<link ", "src=\"http", "href=\"http", "sourceMappingURL");
        assertThat(html).contains("default-src 'none'");
        JsonNode charts = data(html).get("charts");
        assertThat(charts.size()).isGreaterThan(0);
        for (JsonNode c : charts) {
            // A chart with a long legend is taller ("tall", "taller"): its legend rows come out of its height.
            assertThat(html).containsPattern("<div class=\"chart( tall| taller)?\" id=\"" + c.get("id").asText()
                    + "\"></div>");
            assertThat(c.get("config").get("type").asText()).isIn("line", "bar");
        }
        assertThat(Pattern.compile("class=\"chart( tall| taller)?\" id=").matcher(html).results().count())
                .isEqualTo(charts.size());
    }

    @Test
    void runReportHasHeaderKpisChartsVerdictsAndConfig() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        Path out = ReportRenderer.write(dir, null, ReportRenderer.Options.NONE);

        assertThat(out).isEqualTo(dir.resolve("report.html"));
        String html = Files.readString(out);
        assertSelfContained(html);
        assertThat(html).contains("kbench run report", "<h1>quickstart", "COMPLETED", "Kafka clients 4.3.1", "cores",
                "embedded cluster of 1 broker(s)", "tags: instanceType=local");
        assertThat(html).contains("Headline figures", "records/s", "MiB/s", "publish p99", "end-to-end p99.9",
                "<span class=\"unit\">ms</span>", "produce errors");
        assertThat(html).contains("Thresholds: 2 of 2 failed", "badge fail", "e2e.p99&lt;500ms", "publish.p99&lt;1us");
        assertThat(html).contains("Throughput (records/s)", "Throughput (MiB/s)", "Publish latency per interval (ms)",
                "End-to-end latency per interval (ms)", "Latency by percentile (ms)", "publish from publish-latency.hlog");
        assertThat(html).contains("workload.producers.properties.acks", "cluster.brokerConfig.process.roles", "Load generator");
        JsonNode charts = data(html).get("charts");
        assertThat(charts).hasSize(5);
        JsonNode dist = charts.get(4).get("config");
        assertThat(dist.at("/options/scales/x/type").asText()).isEqualTo("logarithmic");
        assertThat(dist.at("/options/scales/x/kbench").asText()).isEqualTo("percentile");
        assertThat(dist.at("/data/datasets").size()).isEqualTo(3);
        JsonNode throughput = charts.get(0).get("config");
        assertThat(throughput.at("/data/datasets/0/data").size())
                .isEqualTo(JSON.readTree(dir.resolve("result.json").toFile()).get("intervals").size());
    }

    @Test
    void withoutHlogsTheDistributionComesFromTheSummary() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("only-json"));
        Files.copy(ReportFixtures.path("run-sample").resolve("result.json"), dir.resolve("result.json"));
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        assertThat(html).contains("publish from the summary percentiles (no .hlog)");
        JsonNode dist = data(html).get("charts").get(4).get("config");
        assertThat(dist.at("/data/datasets/0/data").size()).isEqualTo(5);
    }

    /**
     * A run whose producers ran in a driver names that client beside the Java consumers' in its header and environment,
     * not the Java client's version alone (issue 40; the catalog records the same text, LoadClientsEnvironmentTest).
     */
    @Test
    void aDriverRunNamesTheClientThatRan() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.putObject("clients").putObject("producers").put("client", "franz-go").put("clientVersion", "v1.22.3")
                .put("pid", 4711);
        JSON.writeValue(dir.resolve("result.json").toFile(), r);

        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);

        assertThat(html).contains("Kafka clients producers franz-go v1.22.3, consumers java 4.3.1")
                .doesNotContain("Kafka clients 4.3.1");
    }

    @Test
    void userTextIsEscapedEverywhere() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        ObjectNode r = (ObjectNode) JSON.readTree(dir.resolve("result.json").toFile());
        r.put("name", XSS);
        r.put("failure", XSS);
        r.put("status", "failed");
        ((ObjectNode) r.get("workload")).put("description", XSS);
        ((ObjectNode) r.get("tags")).put(XSS, XSS);
        ((ObjectNode) r.get("workload").get("producers").get("properties")).put("x" + XSS, XSS);
        JSON.writeValue(dir.resolve("result.json").toFile(), r);

        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);

        assertThat(html).doesNotContain("<script>alert(1)").doesNotContain("alert(1)</script>");
        assertThat(html).contains("<title>kbench run: " + XSS_ESCAPED + "</title>", "<h1>" + XSS_ESCAPED,
                ", " + XSS_ESCAPED + "=" + XSS_ESCAPED, "failed: " + XSS_ESCAPED);
        assertThat(count(html, XSS_ESCAPED)).isGreaterThanOrEqualTo(8);
        // Only kbench's own five script elements: the error recorder, Chart.js, the data block, the number format, the
        // boot script.
        assertThat(count(html, "</script>")).isEqualTo(5);
    }

    @Test
    void sweepChartsRankingAndBestPointUnderSla() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("sweep"),
                new ReportRenderer.Options(null, null, Threshold.parse("e2e.p99<50ms")));

        assertSelfContained(html);
        assertThat(html).contains("kbench sweep report", "batch-size sweep", "3 point(s); SLA e2e.p99&lt;50ms");
        assertThat(html).contains("Best point under the SLA e2e.p99&lt;50ms: batch-16k at 30,000 records/s");
        assertThat(html).contains("Produced throughput (records/s)", "p99 latency (ms)", "publish p99 (ms)", "MiB/s");
        // Ranked by median records/s: 64k (fails the SLA), 16k (best under it), 1k; the best row is highlighted.
        int r64 = html.indexOf("<td>batch-64k</td>");
        int r16 = html.indexOf("<td>batch-16k</td>");
        int r1 = html.indexOf("<td>batch-1k</td>");
        assertThat(r64).isPositive().isLessThan(r16);
        assertThat(r16).isLessThan(r1);
        assertThat(html).contains("<tr class=\"best\"><td class=\"num\">2</td><td>batch-16k</td>");
        assertThat(html).contains("43,000 .. 46,100", "61", "producers.properties.batch.size=65536");
        JsonNode charts = data(html).get("charts");
        assertThat(charts).hasSize(2);
        JsonNode throughput = charts.get(0).get("config").get("data");
        assertThat(throughput.get("labels").toString()).isEqualTo("[\"batch-16k\",\"batch-64k\",\"batch-1k\"]");
        assertThat(throughput.at("/datasets/0/data").toString()).isEqualTo("[30000.0,45000.0,9000.0]");
        assertThat(throughput.at("/datasets/1/data/1").toString()).isEqualTo("[43000.0,46100.0]");
        JsonNode latency = charts.get(1).get("config").get("data");
        assertThat(latency.at("/datasets/0/data/0").asDouble()).isEqualTo(12.0);
    }

    /** A sweep whose points recorded each side's CPU per record (a sweep over clients) gets a chart of it. */
    @Test
    void aSweepWithCpuPerRecordChartsEachSide(@TempDir Path tmp) throws Exception {
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode sweep = (ObjectNode) json.readTree(ReportFixtures.path("sweep/sweep.json").toFile());
        double producers = 10;
        for (JsonNode point : sweep.get("points")) {
            ObjectNode cpu = ((ObjectNode) point.get("summary")).putObject("cpuMicrosPerRecord");
            cpu.set("producers", json.readTree("{\"median\": " + producers + ", \"min\": " + (producers - 1)
                    + ", \"max\": " + (producers + 1) + ", \"count\": 2}"));
            producers += 10;
        }
        Path file = tmp.resolve("sweep.json");
        json.writeValue(file.toFile(), sweep);

        String html = ReportRenderer.render(file, ReportRenderer.Options.NONE);
        assertSelfContained(html);
        assertThat(html).contains("CPU per record per point", "CPU per record (us)");
        JsonNode charts = data(html).get("charts");
        assertThat(charts).hasSize(3);
        JsonNode cpu = charts.get(2).get("config").get("data");
        assertThat(cpu.at("/datasets/0/label").asText()).isEqualTo("producers (median)");
        assertThat(cpu.at("/datasets").size()).as("no consumers side recorded: no series").isEqualTo(2);
        String plain = ReportRenderer.render(ReportFixtures.path("sweep"), ReportRenderer.Options.NONE);
        assertThat(plain).as("a sweep written before CPU per record renders as before").doesNotContain("CPU per record");
    }

    @Test
    void sweepWithoutSlaRanksByThroughputAndNoPointMeetingSlaIsSaid() throws Exception {
        String none = ReportRenderer.render(ReportFixtures.path("sweep"), ReportRenderer.Options.NONE);
        assertThat(none).doesNotContain("Best point under the SLA").contains("highest throughput", "batch-64k");
        String impossible = ReportRenderer.render(ReportFixtures.path("sweep/sweep.json"),
                new ReportRenderer.Options(null, null, Threshold.parse("publish.p99<1us")));
        assertThat(impossible).contains("No point meets the SLA publish.p99&lt;1us.");
        assertThat(impossible).doesNotContain("<tr class=\"best\">");
    }

    /** A real --searches 3 run on a loaded 2-core machine: three answers far apart, and the interval says so. */
    @Test
    void findMaxOverSeveralSearchesShowsTheMedianItsIntervalAndEachSearch() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("find-max-searches"), ReportRenderer.Options.NONE);
        assertSelfContained(html);
        assertThat(html).contains("23 probe(s) in 3 searches (fixed)", "max sustainable (median)",
                "[1,006, 53,879] (95%, 3 searches: 14,000, 3,000, 9,500)", "<h2>Searches</h2>",
                "3 searches as asked (--searches 3).", "search.#");
        JsonNode chart = data(html).get("charts").get(0).get("config");
        List<String> labels = new ArrayList<>();
        chart.at("/data/datasets").forEach(d -> labels.add(d.get("label").asText()));
        assertThat(labels).containsExactly("end-to-end p99 per probe", "SLA e2e.p99<500ms", "answer: 9,500 records/s",
                "95% interval: 1,006 records/s", "95% interval: 53,879 records/s");
    }

    @Test
    void findMaxPlotsLatencyAgainstRateWithSlaAndAnswer() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("find-max"), ReportRenderer.Options.NONE);

        assertSelfContained(html);
        assertThat(html).contains("kbench find-max report", "42,500", "records/s", "41.5", "MiB/s", "e2e.p99&lt;200ms",
                "Probes (in the order they ran)", "e2e.p99 212 ms &gt;= 200 ms");
        assertThat(count(html, "<span class=\"badge pass\">PASS</span>")).isEqualTo(4);
        assertThat(count(html, "<span class=\"badge fail\">FAIL</span>")).isEqualTo(4);
        JsonNode chart = data(html).get("charts").get(0).get("config");
        List<String> labels = new ArrayList<>();
        chart.at("/data/datasets").forEach(d -> labels.add(d.get("label").asText()));
        assertThat(labels).containsExactly("end-to-end p99 per probe", "SLA e2e.p99<200ms", "answer: 42,500 records/s");
        JsonNode probes = chart.at("/data/datasets/0/data");
        assertThat(probes.get(0).get("x").asDouble()).isEqualTo(10_000);
        assertThat(probes.get(0).get("y").asDouble()).isEqualTo(21.3);
        assertThat(chart.at("/data/datasets/1/data/0/y").asDouble()).isEqualTo(200.0);
        assertThat(chart.at("/data/datasets/2/data/0/x").asDouble()).isEqualTo(42_500);
        // Plotted in rate order: 42,500 passed, 45,000 did not.
        assertThat(chart.at("/data/datasets/0/pointBackgroundColor/3").asText()).isEqualTo(Charts.GREEN);
        assertThat(chart.at("/data/datasets/0/pointBackgroundColor/4").asText()).isEqualTo(Charts.RED);
    }

    @Test
    void planAndCostSectionsAreAdded() throws Exception {
        String html = ReportRenderer.render(ReportFixtures.path("run-sample"),
                new ReportRenderer.Options(ReportFixtures.path("plan.json"), ReportFixtures.path("cost.json"), null));

        assertSelfContained(html);
        assertThat(html).contains("Capacity plan", "binding: given", "ingress (logical)", "977", "MiB/s",
                "1,000,000 records/s x 1024 B / 2^20");
        assertThat(html).contains("Cost-performance", "s4-jvm-b", "s4-broker-node", "records/s per USD/h", "+44.5",
                "cost-performance = per node records/s / hourly price per node");
        JsonNode charts = data(html).get("charts");
        JsonNode cost = charts.get(charts.size() - 1).get("config");
        assertThat(cost.get("type").asText()).isEqualTo("bar");
        assertThat(cost.at("/data/labels").toString()).isEqualTo("[\"s4-jvm-a (s4-broker-node)\",\"s4-jvm-b (s4-broker-node)\"]");
        assertThat(cost.at("/data/datasets/1/yAxisID").asText()).isEqualTo("y1");
    }

    @Test
    void aFailedRunWithAlmostNothingInItStillRenders() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("failed"));
        Files.writeString(dir.resolve("result.json"),
                "{\"schemaVersion\":1,\"kind\":\"run\",\"name\":\"broken\",\"status\":\"failed\",\"failure\":\"broker unreachable\"}");
        String html = ReportRenderer.render(dir, ReportRenderer.Options.NONE);
        assertThat(html).contains("<h1>broken", "FAILED", "failed: broker unreachable", "Headline figures");
        assertThat(data(html).get("charts")).isEmpty();
    }

    @Test
    void unknownKindAndMissingResultAreInputErrors() throws Exception {
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(bad.resolve("result.json"), "{\"kind\":\"mystery\"}");
        assertThatThrownBy(() -> ReportRenderer.render(bad, ReportRenderer.Options.NONE))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("kind run, sweep or find-max");
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> ReportRenderer.render(empty, ReportRenderer.Options.NONE))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("neither result.json nor sweep.json");
    }

    @Test
    void afterARunAFailureToRenderIsOneWarningLine() throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        ReportRenderer.writeQuietly(tmp.resolve("nothing-here"), new PrintStream(buf, true, StandardCharsets.UTF_8));
        String out = buf.toString(StandardCharsets.UTF_8);
        assertThat(out.lines()).hasSize(1);
        assertThat(out).startsWith("kbench: warning: could not write the HTML report:");

        Path dir = ReportFixtures.copy("run-sample", tmp);
        buf.reset();
        ReportRenderer.writeQuietly(dir, new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo("report: " + dir.resolve("report.html") + System.lineSeparator());
    }
    /**
     * The run, sweep, find-max and comparison pages run exactly their own four scripts, each named in the policy by the
     * SHA-256 of its text (CSP Level 2 hash sources), and nothing inline otherwise: no 'unsafe-inline' for scripts.
     */
    @Test
    void everyPageRunsOnlyItsOwnScriptsByTheirHashes() throws Exception {
        Path fixtures = Path.of("src/test/resources/compare");
        List<String> pages = List.of(
                ReportRenderer.render(ReportFixtures.copy("run-sample", tmp), ReportRenderer.Options.NONE),
                Files.readString(ReportRenderer.write(ReportFixtures.path("sweep"), tmp.resolve("sweep.html"),
                        new ReportRenderer.Options(null, null, Threshold.parse("e2e.p99<50ms")))),
                Files.readString(ReportRenderer.write(ReportFixtures.path("find-max"), tmp.resolve("find-max.html"),
                        ReportRenderer.Options.NONE)),
                ComparisonPage.render(List.of(new NamedComparison(null, Comparison.of(
                        List.of(RunSet.load(fixtures.resolve("a")),
                                RunSet.load(fixtures.resolve("b"))))))));
        for (String html : pages) {
            assertRunsOnlyItsOwnScripts(html, 4);
        }
    }

    /** The page's policy names by hash exactly the {@code expected} scripts it holds, and allows no other script. */
    static void assertRunsOnlyItsOwnScripts(String html, int expected) throws Exception {
        Matcher meta = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\">").matcher(html);
        assertThat(meta.find()).as("a CSP meta").isTrue();
        assertThat(meta.start()).as("before the first script").isLessThan(html.indexOf("<script"));
        String policy = meta.group(1);
        assertThat(policy).startsWith("default-src 'none'; script-src 'sha256-").contains("base-uri 'none'");
        String scriptSrc = policy.substring(policy.indexOf("script-src"), policy.indexOf(';', policy.indexOf("script-src")));
        assertThat(scriptSrc).doesNotContain("unsafe");
        Matcher script = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL).matcher(html);
        List<String> hashes = new ArrayList<>();
        while (script.find()) {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(script.group(1).getBytes(StandardCharsets.UTF_8));
            hashes.add("'sha256-" + Base64.getEncoder().encodeToString(digest) + "'");
        }
        assertThat(hashes).hasSize(expected);
        assertThat(scriptSrc.substring("script-src ".length()).split(" ")).containsExactlyElementsOf(hashes);
        assertThat(count(html, "<script")).as("the scripts and the JSON data block, nothing else")
                .isEqualTo(expected + 1);
    }
}
