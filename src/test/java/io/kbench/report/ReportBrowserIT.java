package io.kbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.compare.Comparison;
import io.kbench.compare.NamedComparison;
import io.kbench.compare.RunSet;
import io.kbench.kpi.Threshold;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens rendered reports in headless Chromium: no script errors, every chart drawn, a screenshot that is not blank.
 * Skipped when no chromium binary is installed (CI installs Debian's chromium in .ci/run).
 */
class ReportBrowserIT {
    /** Screenshots are kept here for people to look at. */
    static final Path SHOTS = Path.of("target", "report-it");

    static Path chromium;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findChromium() {
        chromium = locate();
        assumeTrue(chromium != null, "no chromium binary on PATH; skipping the browser test");
    }

    private static Path locate() {
        String env = System.getenv("KBENCH_CHROMIUM");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Path.of(env);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    record Browser(String stdout, String stderr) {
    }

    private Browser run(Path page, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + Files.createTempDirectory(tmp, "chrome"),
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000"));
        cmd.addAll(List.of(extra));
        cmd.add(page.toUri().toString());
        Path out = tmp.resolve("chrome-" + System.nanoTime() + ".out");
        Path err = tmp.resolve("chrome-" + System.nanoTime() + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                throw new AssertionError("chromium did not finish in 120 s: " + String.join(" ", cmd));
            }
        } finally {
            p.destroyForcibly();
        }
        return new Browser(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Renders the page, dumps the DOM after scripts ran and checks errors and charts. */
    private void assertRendersCleanly(Path report) throws Exception {
        String html = Files.readString(report);
        JsonNode charts = ReportRendererTest.data(html).get("charts");
        Browser b = run(report, "--dump-dom");
        String dom = b.stdout();
        Matcher root = Pattern.compile("<html[^>]*>").matcher(dom);
        assertThat(root.find()).as("dumped DOM of %s\n%s", report, b.stderr()).isTrue();
        String htmlTag = root.group();
        assertThat(htmlTag).as("script errors recorded in the page (stderr:\n%s)", b.stderr()).contains("data-errors=\"0\"");
        assertThat(htmlTag).contains("data-charts-rendered=\"" + charts.size() + "\"");
        assertThat(b.stderr()).as("browser log").doesNotContain("Uncaught", "Refused to");
        for (JsonNode c : charts) {
            String id = c.get("id").asText();
            Matcher m = Pattern.compile("<div([^>]*\\bid=\"" + id + "\"[^>]*)>\\s*<canvas").matcher(dom);
            assertThat(m.find()).as("chart %s has a canvas", id).isTrue();
            assertThat(m.group(1)).contains("data-rendered=\"true\"");
            assertThat(m.group(1)).as("chart %s (%s): every legend label inside the canvas", id,
                    c.path("config").path("data").path("datasets").size() + " datasets").contains("data-legend-fits=\"true\"");
        }
    }

    @Test
    void runReportWithPlanAndCostHasNoErrorsAndDrawsEveryChart() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        Path report = ReportRenderer.write(dir, null,
                new ReportRenderer.Options(ReportFixtures.path("plan.json"), ReportFixtures.path("cost.json"), null));
        assertRendersCleanly(report);
    }

    @Test
    void runReportWithTelemetryHasNoErrorsAndDrawsEveryChart() throws Exception {
        assertRendersCleanly(ReportRenderer.write(ReportFixtures.copy("run-telemetry", tmp), null, ReportRenderer.Options.NONE));
    }

    @Test
    void sweepAndFindMaxReportsHaveNoErrorsAndDrawEveryChart() throws Exception {
        assertRendersCleanly(ReportRenderer.write(ReportFixtures.path("sweep"), tmp.resolve("sweep.html"),
                new ReportRenderer.Options(null, null, Threshold.parse("e2e.p99<50ms"))));
        assertRendersCleanly(ReportRenderer.write(ReportFixtures.path("find-max"), tmp.resolve("find-max.html"),
                ReportRenderer.Options.NONE));
    }

    @Test
    void comparisonPageHasNoErrorsAndDrawsEveryChart() throws Exception {
        Path fixtures = Path.of("src/test/resources/compare");
        List<NamedComparison> comparison = List.of(new NamedComparison(null,
                Comparison.of(List.of(RunSet.load(fixtures.resolve("a")),
                        RunSet.load(fixtures.resolve("b")), RunSet.load(fixtures.resolve("c"))))));
        assertRendersCleanly(ComparisonPage.write(comparison, tmp.resolve("compare.html")));
    }

    /**
     * {@code kbench history --html} over a catalog whose workload name, host, tag and settings hold markup: the page
     * runs its own scripts under its hash-only policy, draws its chart, shows the text as text; a script element added
     * to the file afterwards is refused by the policy. Before the change the name's {@code <!--<script>} swallowed the
     * page's last script (nothing drawn), and the page had no policy to refuse anything.
     */
    @Test
    void aHistoryPageWithMarkupInItsCatalogTextDrawsItsChartAndRunsOnlyItsOwnScripts() throws Exception {
        Path page = tmp.resolve("trend.html");
        TrendPage.write(TrendPageTest.hostileHistory(), TrendPageTest.HOSTILE, page);
        Browser b = run(page, "--dump-dom");
        String dom = b.stdout();
        Matcher root = Pattern.compile("<html[^>]*>").matcher(dom);
        assertThat(root.find()).as("dumped DOM\n%s", b.stderr()).isTrue();
        assertThat(root.group()).as("script errors recorded in the page (stderr:\n%s)", b.stderr()).contains("data-errors=\"0\"");
        assertThat(b.stderr()).as("browser log").doesNotContain("Uncaught", "Refused to");
        assertThat(dom).contains("<title>kbench history: &lt;!--&lt;script&gt;</title>").doesNotContain("pwned</title>");
        assertThat(dom).as("the series heading, as text").contains("series 1 of 1: &lt;!--&lt;script&gt;&lt;/script&gt;");
        Matcher canvas = Pattern.compile("<canvas[^>]*>").matcher(dom);
        assertThat(canvas.find()).as("a chart canvas in\n%s", dom).isTrue();
        assertThat(canvas.group()).as("drawn by Chart.js").contains("style=\"display: block;");

        Path tampered = tmp.resolve("tampered.html");
        Files.writeString(tampered, Files.readString(page).replace("</body>",
                "<script>document.title='pwned'</script></body>"));
        Browser t = run(tampered, "--dump-dom");
        Matcher tamperedRoot = Pattern.compile("<html[^>]*>").matcher(t.stdout());
        assertThat(tamperedRoot.find()).as(t.stderr()).isTrue();
        assertThat(tamperedRoot.group()).as("the policy refused the added script").contains("CSP: script-src");
        assertThat(t.stdout()).doesNotContain("<title>pwned</title>");
    }

    /** A group's environment leaves out what its runs did not record (issue 42: "Kafka null" on the page). */
    @Test
    void aHistoryPageLeavesOutWhatARunDidNotRecord() throws Exception {
        Path page = tmp.resolve("external.html");
        TrendPage.write(TrendPageTest.externalHistory(), "w", page);
        Browser b = run(page, "--dump-dom");
        Matcher env = Pattern.compile("environment A: [^<]*").matcher(b.stdout());
        assertThat(env.find()).as("the environment line in\n%s", b.stdout()).isTrue();
        assertThat(env.group()).isEqualTo("environment A: external/3 broker(s), 2 cores");
    }

    /**
     * A run page under its hash-only policy (no 'unsafe-inline' for scripts since 2026-11-29): every chart drawn, no
     * violation recorded by the page nor logged by the browser; the same page with a script element added to the file
     * (say, by a workload description that escaped its escaping) has that script refused and recorded.
     */
    @Test
    void aRunPageDrawsEveryChartUnderItsHashOnlyPolicyAndRefusesAnAddedScript() throws Exception {
        Path report = ReportRenderer.write(ReportFixtures.copy("run-telemetry", tmp), null, ReportRenderer.Options.NONE);
        String html = Files.readString(report);
        assertThat(html).contains("script-src 'sha256-").doesNotContain("'unsafe-inline'; style-src")
                .doesNotContain("script-src 'unsafe-inline'");
        assertRendersCleanly(report);

        Path tampered = tmp.resolve("tampered-run.html");
        Files.writeString(tampered, html.replace("</main>", "<script>document.title='pwned'</script></main>"));
        Browser t = run(tampered, "--dump-dom");
        Matcher root = Pattern.compile("<html[^>]*>").matcher(t.stdout());
        assertThat(root.find()).as(t.stderr()).isTrue();
        assertThat(root.group()).as("the policy refused the added script").contains("CSP: script-src");
        assertThat(root.group()).as("and the page's own scripts still drew its charts")
                .contains("data-charts-rendered=\"" + ReportRendererTest.data(html).get("charts").size() + "\"");
        assertThat(t.stdout()).doesNotContain("<title>pwned</title>");
    }

    /** The charts' number format (number-format.js in the browser) gives what the tables' {@link Fmt} gives. */
    @Test
    void chartsAndTablesFormatNumbersByTheSameRule() throws Exception {
        StringBuilder values = new StringBuilder();
        for (double v : FmtTest.SAMPLES) {
            values.append(values.length() == 0 ? "" : ",").append(v);
        }
        Path page = tmp.resolve("numbers.html");
        Files.writeString(page, "<!DOCTYPE html><html><head><script>" + HtmlPage.NUMBER_FORMAT + "</script></head><body>"
                + "<pre id=\"out\"></pre><script>document.getElementById('out').textContent = [" + values
                + "].map(kbenchNumber).join('|');</script></body></html>");
        Matcher m = Pattern.compile("<pre id=\"out\">([^<]*)</pre>").matcher(run(page, "--dump-dom").stdout());
        assertThat(m.find()).isTrue();
        List<String> expected = new ArrayList<>();
        for (double v : FmtTest.SAMPLES) {
            expected.add(Fmt.number(v));
        }
        assertThat(m.group(1).split("\\|")).containsExactlyElementsOf(expected);
    }

    /** Every number in the run report's tables and headline figures follows the one rule (none like 20000.0). */
    @Test
    void theRunReportShowsEveryNumberOneWay() throws Exception {
        Path report = ReportRenderer.write(ReportFixtures.copy("run-telemetry", tmp), null, ReportRenderer.Options.NONE);
        String dom = run(report, "--dump-dom").stdout().replaceAll("(?s)<script.*?</script>", "");
        // A plain number in a cell (with its unit or %), not part of an address, a name or a formula.
        Pattern plain = Pattern.compile("^[+-]?[\\d,.]+\\s*(%|ms|s|MiB|MiB/s|records/s)?$");
        Pattern oneWay = Pattern.compile("^[+-]?(\\d{1,3}(,\\d{3})*|0)(\\.\\d*[1-9])?(\\s*\\S+)?$");
        List<String> cells = new ArrayList<>();
        Matcher row = Pattern.compile("(?s)<tr[^>]*>(.*?)</tr>").matcher(dom);
        while (row.find()) {
            List<String> texts = new ArrayList<>();
            Matcher td = Pattern.compile("(?s)<td[^>]*>(.*?)</td>").matcher(row.group(1));
            while (td.find()) {
                texts.add(td.group(1).replaceAll("<[^>]+>", "").strip());
            }
            // Client and broker settings are Kafka's own text, shown as given.
            if (!texts.isEmpty() && !texts.get(0).startsWith("clientProperties.")
                    && !texts.get(0).startsWith("cluster.brokerConfig.")) {
                cells.addAll(texts);
            }
        }
        Matcher kpi = Pattern.compile("(?s)<div class=\"kpi-value\">(.*?)</div>").matcher(dom);
        while (kpi.find()) {
            cells.add(kpi.group(1).replaceAll("<[^>]+>", "").strip());
        }
        int numbers = 0;
        for (String text : cells) {
            if (plain.matcher(text).matches()) {
                numbers++;
                assertThat(text).as("a number in the report").matches(oneWay);
            }
        }
        assertThat(numbers).as("numbers checked").isGreaterThan(20);
    }

    @Test
    void aLongLegendGetsTheHeightItNeedsAndTheCheckSeesOneThatDoesNot() throws Exception {
        Path report = ReportRenderer.write(ReportFixtures.copy("run-telemetry", tmp), null, ReportRenderer.Options.NONE);
        assertRendersCleanly(report);
        // The same page with every chart at the plain height: the stacked anatomy's legend no longer fits.
        Path plain = Files.writeString(tmp.resolve("plain.html"), Files.readString(report)
                .replace("class=\"chart taller\"", "class=\"chart\"").replace("class=\"chart tall\"", "class=\"chart\""));
        String dom = run(plain, "--dump-dom").stdout();
        assertThat(dom).contains("data-legend-fits=\"false\"");
    }

    @Test
    void screenshotOfTheRunReportIsNotBlank() throws Exception {
        Path dir = ReportFixtures.copy("run-sample", tmp);
        Path report = ReportRenderer.write(dir, null, ReportRenderer.Options.NONE);
        Files.createDirectories(SHOTS);
        Path png = SHOTS.resolve("run-report.png").toAbsolutePath();
        Files.deleteIfExists(png);

        Browser b = run(report, "--screenshot=" + png, "--window-size=1280,2000");

        assertThat(png).as("screenshot (stderr:\n%s)", b.stderr()).exists();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1280);
        assertThat(image.getHeight()).isEqualTo(2000);
        assertThat(distinctColours(image)).as("distinct colours in %s", png).isGreaterThan(500);
    }

    private static int distinctColours(BufferedImage image) throws IOException {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                colours.add(image.getRGB(x, y) & 0xFFFFFF);
            }
        }
        return colours.size();
    }
}
