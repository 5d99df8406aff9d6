package io.kbench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.HistoryJson;
import io.kbench.catalog.Trend;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.text.StringEscapeUtils;

/**
 * {@code kbench history --html FILE}: one self-contained page (page, CSS, JS and Chart.js are resources inlined),
 * each KPI over time with change points marked and each point linking to its run's report.
 */
public final class TrendPage {
    private TrendPage() {
    }

    public static void write(Trend trend, String title, Path file) throws IOException {
        Path page = file.toAbsolutePath().normalize();
        ObjectNode data = HistoryJson.tree(trend);
        for (int i = 0; i < trend.runs().size(); i++) {
            ((ObjectNode) data.withArray("runs").get(i)).put("report", link(page, trend.runs().get(i)));
        }
        String html = resource("trend.html")
                .replace("{{css}}", resource("trend.css"))
                .replace("{{chartjs}}", ChartLibrary.source().replace("</script", "<\\/script"))
                .replace("{{js}}", resource("trend.js"))
                .replace("{{title}}", StringEscapeUtils.escapeHtml4(title))
                .replace("{{subtitle}}", StringEscapeUtils.escapeHtml4(trend.runs().size() + " runs; change points by"
                        + " E-divisive means at significance " + trend.settings().significance()
                        + "; click a point to open its run's report"))
                .replace("{{data}}", data.toString().replace("</", "<\\/"));
        if (page.getParent() != null) {
            Files.createDirectories(page.getParent());
        }
        Files.writeString(page, html, StandardCharsets.UTF_8);
    }

    /** The run's report.html relative to the page when both are on this file system, else its absolute file URI. */
    static String link(Path page, CatalogEntry run) {
        Path dir = Path.of(run.resultDir());
        Path report = Files.isDirectory(dir) ? dir.resolve("report.html") : dir;
        try {
            return page.getParent().relativize(report).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return report.toUri().toString();
        }
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
