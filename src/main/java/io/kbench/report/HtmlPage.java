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

    /** Key/value table. */
    HtmlPage keyValues(List<String[]> rows) {
        closeGrid();
        body.append("<table class=\"kv\"><tbody>\n");
        for (String[] r : rows) {
            body.append("<tr><th>").append(esc(r[0])).append("</th><td>").append(esc(r[1])).append("</td></tr>\n");
        }
        body.append("</tbody></table>\n");
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
        body.append("<div class=\"chart\" id=\"").append(id).append("\"></div></figure>\n");
        ObjectNode c = charts.addObject();
        c.put("id", id);
        c.set("config", config);
        return this;
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
        StringBuilder out = new StringBuilder(300_000);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; ")
                .append("style-src 'unsafe-inline'; img-src data:\">\n")
                .append("<title>").append(esc(title)).append("</title>\n")
                .append("<script>").append(ERROR_CAPTURE).append("</script>\n")
                .append("<style>").append(CSS).append("</style>\n")
                .append("<script>/* ").append(ChartLibrary.NAME).append(' ').append(ChartLibrary.version())
                .append(", MIT License, inlined from its WebJar */\n").append(ChartLibrary.source()).append("\n</script>\n")
                .append("</head>\n<body>\n<header class=\"top\"><div class=\"wrap\">\n").append(header)
                .append("</div></header>\n<main class=\"wrap\">\n").append(body).append("</main>\n")
                .append("<footer class=\"wrap\">").append(esc(footer)).append("</footer>\n")
                .append("<script type=\"application/json\" id=\"kbench-data\">").append(scriptSafeJson(data)).append("</script>\n")
                .append("<script>").append(BOOT).append("</script>\n</body>\n</html>\n");
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
    private static final String ERROR_CAPTURE = """
            (function () {
              var root = document.documentElement, errors = [];
              root.setAttribute('data-errors', '0');
              function record(message) {
                errors.push(String(message));
                root.setAttribute('data-errors', String(errors.length));
                root.setAttribute('data-error-messages', errors.join(' | '));
              }
              window.addEventListener('error', function (e) { record(e.message || 'error'); }, true);
              window.addEventListener('unhandledrejection', function (e) { record('unhandled rejection: ' + e.reason); });
              document.addEventListener('securitypolicyviolation', function (e) { record('CSP: ' + e.violatedDirective); });
              var original = console.error;
              console.error = function () {
                record(Array.prototype.slice.call(arguments).join(' '));
                return original.apply(console, arguments);
              };
            })();
            """;

    /** Builds every chart from the JSON block; options prefixed "kbench" select formatting callbacks. */
    private static final String BOOT = """
            (function () {
              'use strict';
              var data = JSON.parse(document.getElementById('kbench-data').textContent);
              Chart.defaults.animation = false;
              Chart.defaults.maintainAspectRatio = false;
              Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
              Chart.defaults.color = '#334155';
              Chart.defaults.plugins.legend.labels.boxWidth = 14;
              Chart.defaults.plugins.legend.labels.filter = function (item, chartData) {
                return chartData.datasets[item.datasetIndex].kbenchLegend !== false;
              };
              function decimals(v) { return v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3; }
              function num(v) { return v == null ? '-' : Number(v).toLocaleString('en-US', {maximumFractionDigits: decimals(Math.abs(v))}); }
              function percentileOf(x) {
                var p = 100 * (1 - 1 / x), d = Math.max(0, Math.min(6, Math.round(Math.log10(x)) - 2));
                return p.toFixed(x < 100 ? 0 : d) + '%';
              }
              function decade(v) { var l = Math.log10(v); return Math.abs(l - Math.round(l)) < 1e-6; }
              var ticks = {
                percentile: function (v) { return decade(v) ? percentileOf(v) : null; },
                log: function (v) {
                  var m = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
                  return (Math.abs(m - 1) < 1e-6 || Math.abs(m - 2) < 1e-6 || Math.abs(m - 5) < 1e-6) ? num(v) : null;
                }
              };
              function prepare(config) {
                var scales = (config.options && config.options.scales) || {};
                Object.keys(scales).forEach(function (k) {
                  var s = scales[k];
                  if (s.kbench) { s.ticks = s.ticks || {}; s.ticks.callback = ticks[s.kbench]; delete s.kbench; }
                });
                var tip = config.options && config.options.plugins && config.options.plugins.tooltip;
                if (tip && tip.kbench) {
                  var unit = tip.kbenchUnit || '';
                  if (tip.kbench === 'percentile') {
                    tip.callbacks = {
                      title: function (items) { return 'percentile ' + percentileOf(items[0].parsed.x); },
                      label: function (item) { return item.dataset.label + ': ' + num(item.parsed.y) + ' ' + unit; }
                    };
                  } else if (tip.kbench === 'range') {
                    tip.callbacks = {
                      label: function (item) {
                        var r = item.raw;
                        return item.dataset.label + ': ' + (Array.isArray(r) ? num(r[0]) + ' .. ' + num(r[1]) : num(item.parsed.y)) + ' ' + unit;
                      }
                    };
                  }
                  delete tip.kbench; delete tip.kbenchUnit;
                }
                return config;
              }
              var rendered = 0;
              data.charts.forEach(function (c) {
                var box = document.getElementById(c.id);
                try {
                  var canvas = document.createElement('canvas');
                  canvas.setAttribute('role', 'img');
                  box.appendChild(canvas);
                  new Chart(canvas, prepare(c.config));
                  box.setAttribute('data-rendered', 'true');
                  rendered++;
                } catch (e) {
                  console.error('chart ' + c.id + ': ' + e);
                }
              });
              document.documentElement.setAttribute('data-charts-rendered', String(rendered));
            })();
            """;

    private static final String CSS = """
            :root { --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --bg: #f8fafc; --card: #fff; --accent: #2563eb;
                    --pass: #15803d; --pass-bg: #dcfce7; --fail: #b91c1c; --fail-bg: #fee2e2; }
            * { box-sizing: border-box; }
            body { margin: 0; background: var(--bg); color: var(--ink);
                   font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
            .wrap { max-width: 1240px; margin: 0 auto; padding: 0 24px; }
            header.top { background: #0f172a; color: #f8fafc; padding: 22px 0 18px; margin-bottom: 22px; }
            header.top .kind { text-transform: uppercase; letter-spacing: .08em; font-size: 12px; color: #93c5fd; }
            header.top h1 { margin: 4px 0 6px; font-size: 26px; font-weight: 650; word-break: break-word; }
            header.top .sub { color: #cbd5e1; font-size: 13px; }
            section { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 20px 18px;
                      margin-bottom: 20px; }
            h2 { font-size: 17px; margin: 0 0 12px; font-weight: 650; }
            p.note { color: var(--muted); margin: 6px 0 10px; }
            p.warn { color: #92400e; background: #fef3c7; padding: 8px 12px; border-radius: 6px; }
            p.callout { background: #eff6ff; border-left: 4px solid var(--accent); padding: 10px 14px; margin: 4px 0 14px;
                        font-size: 15px; }
            .kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(175px, 1fr)); gap: 12px; margin-bottom: 12px; }
            .kpi { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; background: #fbfdff; }
            .kpi-label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
            .kpi-value { font-size: 22px; font-weight: 650; margin-top: 2px; white-space: nowrap; font-variant-numeric: tabular-nums; }
            .kpi-value .unit { font-size: 13px; font-weight: 500; color: var(--muted); }
            .kpi-note { color: var(--muted); font-size: 12px; }
            .charts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 16px; margin: 8px 0; }
            .chart-card { margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px 12px; }
            .chart-card.wide { grid-column: 1 / -1; }
            .chart-card figcaption { font-weight: 600; margin-bottom: 2px; }
            .chart-note { color: var(--muted); font-size: 12px; }
            .chart { position: relative; height: 300px; margin-top: 6px; }
            .chart-card.wide .chart { height: 340px; }
            .table-wrap { overflow-x: auto; }
            table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
            table.data th, table.data td { padding: 6px 8px; border-bottom: 1px solid var(--line); text-align: left;
                                           vertical-align: top; }
            table.data th { background: #f1f5f9; font-weight: 600; font-size: 12.5px; white-space: nowrap; }
            table.data td.num, table.data th.num { text-align: right; white-space: nowrap; }
            table.ranked td:nth-child(2), table.probes td:nth-child(8) { white-space: nowrap; }
            table.data tr.best td { background: #ecfdf5; font-weight: 600; }
            table.kv { width: auto; }
            table.kv th { text-align: left; color: var(--muted); font-weight: 500; padding: 3px 18px 3px 0; vertical-align: top;
                          white-space: nowrap; }
            table.kv td { padding: 3px 0; word-break: break-word; }
            table.figures { table-layout: fixed; }
            table.figures th:nth-child(1) { width: 30%; }
            table.figures th:nth-child(2) { width: 14%; }
            table.figures th:nth-child(3) { width: 10%; }
            h3 { font-size: 14px; margin: 14px 0 6px; font-weight: 650; }
            ul.formulas { color: var(--muted); margin: 10px 0 0; padding-left: 20px; font-size: 13px; }
            table.config td:first-child { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
            .grid2 { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px 28px; }
            .badge { display: inline-block; font-size: 12px; font-weight: 700; padding: 2px 8px; border-radius: 999px;
                     vertical-align: middle; letter-spacing: .03em; }
            .badge.pass { color: var(--pass); background: var(--pass-bg); }
            .badge.fail { color: var(--fail); background: var(--fail-bg); }
            .badge.neutral { color: #334155; background: #e2e8f0; }
            code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
            footer { color: var(--muted); font-size: 12px; padding-bottom: 28px; }
            @media (max-width: 800px) { .charts, .grid2 { grid-template-columns: 1fr; } }
            """;
}
