package io.kbench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.History;
import io.kbench.catalog.HistoryJson;
import io.kbench.catalog.Trend;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.text.StringEscapeUtils;

/**
 * {@code kbench history --html FILE}: one self-contained page (page, CSS, JS and Chart.js are resources inlined),
 * one section per series (a workload under one set of settings), each KPI over time with change points marked and
 * their effects listed, each point linking to its run's report. Every text of a result file or the catalog reaches the
 * page as HTML-escaped text or inside the JSON data block with {@code < > &} escaped, and the page's
 * Content-Security-Policy runs only its own scripts ({@link InlineScripts}).
 */
public final class TrendPage {
    private TrendPage() {
    }

    public static void write(History history, String title, Path file) throws IOException {
        Path page = file.toAbsolutePath().normalize();
        ObjectNode data = HistoryJson.tree(history);
        for (int s = 0; s < history.series().size(); s++) {
            Trend trend = history.series().get(s);
            ObjectNode series = (ObjectNode) data.withArray("series").get(s);
            for (int i = 0; i < trend.runs().size(); i++) {
                ((ObjectNode) series.withArray("runs").get(i)).put("report", link(page, trend.runs().get(i)));
            }
        }
        InlineScripts scripts = new InlineScripts();
        Map<String, String> slots = new HashMap<>();
        slots.put("css", resource("trend.css"));
        // Every script is kbench's own file, hashed into the policy; the data is a JSON block no browser runs.
        slots.put("errors", scripts.add(resource("error-capture.js")));
        slots.put("chartjs", scripts.add(ChartLibrary.source()));
        slots.put("js", scripts.add(resource("trend.js")));
        slots.put("csp", scripts.policy());
        slots.put("title", StringEscapeUtils.escapeHtml4(title));
        slots.put("subtitle", StringEscapeUtils.escapeHtml4(history.runCount() + " runs in "
                + history.series().size() + " series; change points by E-divisive means at significance "
                + history.settings().significance() + ", each with its effect (95% interval) and a verdict only"
                + " beyond the minimum effect of " + history.settings().minEffect() * 100
                + "%; click a point to open its run's report"));
        // Workload names, settings, tags and environments come from result files and the catalog: no < > & in the block.
        slots.put("data", HtmlPage.scriptSafeJson(data));
        String html = Template.fill(resource("trend.html"), slots);
        if (page.getParent() != null) {
            Files.createDirectories(page.getParent());
        }
        Files.writeString(page, html, StandardCharsets.UTF_8);
    }

    /** The run's report.html relative to the page when both are on this file system, else its absolute file URI. */
    static String link(Path page, CatalogEntry run) {
        Path dir = Path.of(run.resultDir());
        Path report = Files.isDirectory(dir) ? dir.resolve("report.html") : dir;
        String relative;
        try {
            relative = page.getParent().relativize(report).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return report.toUri().toString();
        }
        // A directory named "javascript:..." next to the page would read as a URL scheme: keep it a path.
        int colon = relative.indexOf(':');
        return colon >= 0 && (relative.indexOf('/') < 0 || colon < relative.indexOf('/')) ? "./" + relative : relative;
    }

    private static String resource(String name) {
        try (InputStream in = TrendPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource io/kbench/report/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
