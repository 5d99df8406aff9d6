package io.kbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.apache.commons.text.StringEscapeUtils;

/**
 * A self-contained HTML page: inline CSS, Chart.js inlined from its WebJar, chart configurations in a JSON data
 * block. All text given as {@link String} is HTML-escaped here; only {@link Html} fragments built by this package
 * pass through unescaped.
 */
final class HtmlPage {
    static final JsonMapper JSON = JsonMapper.builder().build();

    /** A trusted HTML fragment (built from escaped parts). */
    record Html(String html) {
        static Html badge(boolean pass) {
            return new Html(pass ? "<span class=\"badge pass\">PASS</span>" : "<span class=\"badge fail\">FAIL</span>");
        }

        static Html of(String tag, String cssClass, String text) {
            return new Html("<" + tag + " class=\"" + cssClass + "\">" + esc(text) + "</" + tag + ">");
        }
    }

    /** A headline figure. */
    record Kpi(String label, String value, String unit, String note) {
    }

    private final String title;
    private final StringBuilder header = new StringBuilder();
    private final StringBuilder body = new StringBuilder();
    private final ArrayNode charts = JsonNodeFactory.instance.arrayNode();
    private int chartCount;
    private boolean inGrid;

    HtmlPage(String title) {
        this.title = title;
    }

    static String esc(Object text) {
        return text == null ? "" : StringEscapeUtils.escapeHtml4(String.valueOf(text));
    }

    /** The page header: kind of report, title, status badge and subtitle lines. */
    HtmlPage header(String kind, String heading, Html badge, List<String> lines) {
        header.append("<div class=\"kind\">").append(esc(kind)).append("</div>\n<h1>").append(esc(heading));
        if (badge != null) {
            header.append(' ').append(badge.html());
        }
        header.append("</h1>\n");
        for (String line : lines) {
            header.append("<div class=\"sub\">").append(esc(line)).append("</div>\n");
        }
        return this;
    }

    HtmlPage section(String heading) {
        closeGrid();
        body.append("<section>\n<h2>").append(esc(heading)).append("</h2>\n");
        return this;
    }

    /** A section styled by {@code cssClass} (report.css), its heading led by {@code badge}. */
    HtmlPage section(String heading, String cssClass, Html badge) {
        closeGrid();
        body.append("<section class=\"").append(cssClass).append("\">\n<h2>").append(badge.html()).append(' ')
                .append(esc(heading)).append("</h2>\n");
        return this;
    }

    HtmlPage endSection() {
        closeGrid();
        body.append("</section>\n");
        return this;
    }

    HtmlPage paragraph(String text, String cssClass) {
        closeGrid();
        body.append("<p class=\"").append(cssClass).append("\">").append(esc(text)).append("</p>\n");
        return this;
    }

    HtmlPage html(Html fragment) {
        closeGrid();
        body.append(fragment.html()).append('\n');
        return this;
    }

    HtmlPage kpis(List<Kpi> kpis) {
        closeGrid();
        body.append("<div class=\"kpis\">\n");
        for (Kpi k : kpis) {
            body.append("<div class=\"kpi\"><div class=\"kpi-label\">").append(esc(k.label()))
                    .append("</div><div class=\"kpi-value\">").append(esc(k.value()))
                    .append(" <span class=\"unit\">").append(esc(k.unit())).append("</span></div>");
            if (k.note() != null) {
                body.append("<div class=\"kpi-note\">").append(esc(k.note())).append("</div>");
            }
            body.append("</div>\n");
        }
        body.append("</div>\n");
        return this;
    }

    /**
     * A table. Cells are Strings (escaped) or {@link Html}; {@code numeric} right-aligns columns; {@code highlight}
     * marks a row (or -1).
     */
    HtmlPage table(String cssClass, String[] headers, List<Object[]> rows, boolean[] numeric, int highlight) {
        closeGrid();
        body.append("<div class=\"table-wrap\"><table class=\"data ").append(cssClass).append("\"><thead><tr>");
        for (int i = 0; i < headers.length; i++) {
            body.append(numeric[i] ? "<th class=\"num\">" : "<th>").append(esc(headers[i])).append("</th>");
        }
        body.append("</tr></thead><tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            body.append(r == highlight ? "<tr class=\"best\">" : "<tr>");
            Object[] row = rows.get(r);
            for (int i = 0; i < row.length; i++) {
                body.append(numeric[i] ? "<td class=\"num\">" : "<td>");
                body.append(row[i] instanceof Html h ? h.html() : esc(row[i]));
                body.append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table></div>\n");
        return this;
    }

    /** A chart; consecutive charts share a two-column grid, {@code wide} ones span it. */
    HtmlPage chart(String heading, String note, ObjectNode config, boolean wide) {
        if (!inGrid) {
            body.append("<div class=\"charts\">\n");
            inGrid = true;
        }
        String id = "chart-" + (++chartCount);
        body.append("<figure class=\"chart-card").append(wide ? " wide" : "").append("\"><figcaption>")
                .append(esc(heading)).append("</figcaption>");
        if (note != null) {
            body.append("<div class=\"chart-note\">").append(esc(note)).append("</div>");
        }
        body.append("<div class=\"chart").append(legendRows(config)).append("\" id=\"").append(id)
                .append("\"></div></figure>\n");
        ObjectNode c = charts.addObject();
        c.put("id", id);
        c.set("config", config);
        return this;
    }

    /**
     * A taller chart for a longer legend: a legend at the bottom of a half-width chart fits about two labels a row, and
     * Chart.js takes its rows from the plot's height, so eight labels would squash the plot and clip the last ones.
     */
    private static String legendRows(ObjectNode config) {
        int labels = config.path("data").path("datasets").size();
        return labels > 7 ? " taller" : labels > 4 ? " tall" : "";
    }

    int chartCount() {
        return chartCount;
    }

    private void closeGrid() {
        if (inGrid) {
            body.append("</div>\n");
            inGrid = false;
        }
    }

    /** The whole document. */
    String render(String footer) {
        closeGrid();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.set("charts", charts);
        // Every script is kbench's own text, hashed into the policy as written (InlineScripts): no 'unsafe-inline', so a
        // script element or handler that data smuggled into the page would not run. The data block is JSON, never run.
        InlineScripts scripts = new InlineScripts();
        String errors = scripts.add(ERROR_CAPTURE);
        String chartJs = scripts.add("/* " + ChartLibrary.NAME + ' ' + ChartLibrary.version()
                + ", MIT License, inlined from its WebJar */\n" + ChartLibrary.source() + "\n");
        String numberFormat = scripts.add(NUMBER_FORMAT);
        String boot = scripts.add(BOOT);
        StringBuilder out = new StringBuilder(300_000);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(scripts.policy()).append("\">\n")
                .append("<title>").append(esc(title)).append("</title>\n")
                .append("<script>").append(errors).append("</script>\n")
                .append("<style>").append(CSS).append("</style>\n")
                .append("<script>").append(chartJs).append("</script>\n")
                .append("</head>\n<body>\n<header class=\"top\"><div class=\"wrap\">\n").append(header)
                .append("</div></header>\n<main class=\"wrap\">\n").append(body).append("</main>\n")
                .append("<footer class=\"wrap\">").append(esc(footer)).append("</footer>\n")
                .append("<script type=\"application/json\" id=\"kbench-data\">").append(scriptSafeJson(data)).append("</script>\n")
                .append("<script>").append(numberFormat).append("</script>\n")
                .append("<script>").append(boot).append("</script>\n</body>\n</html>\n");
        return out.toString();
    }

    /** JSON that cannot end or alter a script element: {@code < > &} become unicode escapes (valid only inside strings). */
    static String scriptSafeJson(Object value) {
        try {
            return JSON.writeValueAsString(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records script errors, CSP violations and console.error in attributes of the html element (checked by tests). */
    private static final String ERROR_CAPTURE = ReportAssets.text("error-capture.js");

    /** The report's one number format for charts and tooltips (kbenchNumber), the rule {@link Fmt} follows. */
    static final String NUMBER_FORMAT = ReportAssets.text("number-format.js");

    /** Builds every chart from the JSON block; options prefixed "kbench" select formatting callbacks. */
    private static final String BOOT = ReportAssets.text("boot.js");

    private static final String CSS = ReportAssets.text("report.css");
}
