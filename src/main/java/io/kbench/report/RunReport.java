package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.report.Charts.Xy;
import io.kbench.report.HtmlPage.Html;
import io.kbench.report.HtmlPage.Kpi;
import io.kbench.unit.Units;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/** The report of one run (result.json with kind "run" and its .hlog files). */
final class RunReport {
    /** Latency series shown: result.json summary key, .hlog file name, label, colour. */
    record LatencyKind(String key, String hlog, String label, String color) {
    }

    static final List<LatencyKind> LATENCIES = List.of(
            new LatencyKind("publishLatencyMicros", "publish-latency.hlog", "publish", Charts.BLUE),
            new LatencyKind("endToEndLatencyMicros", "end-to-end-latency.hlog", "end-to-end", Charts.ORANGE),
            new LatencyKind("sendDelayMicros", "send-delay.hlog", "send delay", Charts.GREY));

    private RunReport() {
    }

    static void fill(HtmlPage page, JsonNode r, Path dir) throws IOException {
        String name = Json.text(r, "name");
        String status = Json.text(r, "status");
        List<String> lines = new ArrayList<>();
        String description = Json.text(r, "workload", "description");
        if (description != null) {
            lines.add(description);
        }
        lines.add(timeLine(Json.text(r, "startTime"), Json.text(r, "endTime")));
        lines.add(environmentLine(r));
        JsonNode tags = Json.at(r, "tags");
        if (tags != null && !tags.isEmpty()) {
            List<String> t = new ArrayList<>();
            tags.properties().forEach(e -> t.add(e.getKey() + "=" + e.getValue().asText()));
            lines.add("tags: " + String.join(", ", t));
        }
        page.header("kbench run report", name == null ? "(unnamed run)" : name, statusBadge(status), lines);
        if (Json.text(r, "failure") != null) {
            page.section("Status").paragraph(status + ": " + Json.text(r, "failure"), "warn").endSection();
        }
        headline(page, r);
        thresholds(page, Json.array(r, "thresholds"));
        overTime(page, Json.array(r, "intervals"));
        distribution(page, Json.at(r, "summary"), dir);
        environment(page, r);
        configuration(page, r);
    }

    static Html statusBadge(String status) {
        if (status == null) {
            return null;
        }
        String css = status.equals("completed") ? "pass" : status.equals("interrupted") ? "neutral" : "fail";
        return HtmlPage.Html.of("span", "badge " + css, status.toUpperCase(java.util.Locale.ROOT));
    }

    private static String timeLine(String start, String end) {
        String s = "start " + shortTime(start) + "   end " + shortTime(end);
        try {
            if (start != null && end != null) {
                Duration d = Duration.between(Instant.parse(start), Instant.parse(end));
                s += String.format(java.util.Locale.ROOT, "   (%.1f s)", d.toMillis() / 1000.0);
            }
        } catch (DateTimeParseException ignored) {
            // shown as given
        }
        return s;
    }

    private static String shortTime(String iso) {
        if (iso == null) {
            return "?";
        }
        try {
            return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC).format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    private static String environmentLine(JsonNode r) {
        JsonNode e = Json.at(r, "environment");
        JsonNode c = Json.at(r, "cluster");
        List<String> parts = new ArrayList<>();
        add(parts, "kbench ", Json.text(e, "kbenchVersion"));
        add(parts, "Kafka clients ", Json.text(e, "kafkaClientVersion"));
        add(parts, "JDK ", Json.text(e, "clientJdk"));
        add(parts, "", Json.text(e, "os"));
        add(parts, "", Json.text(e, "cpuModel"));
        if (!Double.isNaN(Json.num(e, "cores"))) {
            parts.add(Fmt.count(Json.num(e, "cores")) + " cores");
        }
        String mode = Json.text(c, "mode");
        if (mode != null) {
            String brokers = Double.isNaN(Json.num(c, "brokers")) ? "?" : Fmt.count(Json.num(c, "brokers"));
            String version = Json.text(c, "kafkaBrokerVersion");
            parts.add(mode + " cluster of " + brokers + " broker(s)" + (version == null ? "" : ", Kafka " + version));
        }
        return String.join("  ·  ", parts);
    }

    private static void add(List<String> parts, String prefix, String value) {
        if (value != null) {
            parts.add(prefix + value);
        }
    }

    private static void headline(HtmlPage page, JsonNode r) {
        JsonNode s = Json.at(r, "summary");
        List<Kpi> kpis = new ArrayList<>();
        kpis.add(new Kpi("produced", Fmt.rate(Json.num(s, "produced", "recordsPerSec")), "records/s",
                Fmt.count(Json.num(s, "produced", "records")) + " records in " + Fmt.mib(Json.num(s, "produced", "windowSec")) + " s"));
        kpis.add(new Kpi("produced", Fmt.mib(Json.num(s, "produced", "mebibytesPerSec")), "MiB/s", null));
        if (Json.at(s, "consumed") != null) {
            kpis.add(new Kpi("consumed", Fmt.rate(Json.num(s, "consumed", "recordsPerSec")), "records/s",
                    Fmt.count(Json.num(s, "consumed", "records")) + " records in " + Fmt.mib(Json.num(s, "consumed", "windowSec")) + " s"));
            kpis.add(new Kpi("consumed", Fmt.mib(Json.num(s, "consumed", "mebibytesPerSec")), "MiB/s", null));
        }
        double errors = Json.num(s, "produced", "errors");
        JsonNode types = Json.at(s, "produced", "errorTypes");
        String typeNote = null;
        if (types != null && !types.isEmpty()) {
            List<String> t = new ArrayList<>();
            types.properties().forEach(e -> t.add(e.getKey() + " " + e.getValue().asText()));
            typeNote = String.join(", ", t);
        }
        kpis.add(new Kpi("produce errors", Fmt.count(Double.isNaN(errors) ? 0 : errors), "sends", typeNote));
        page.section("Headline figures (measured window, warm-up excluded)").kpis(kpis);
        kpis = new ArrayList<>();
        for (LatencyKind k : LATENCIES.subList(0, 2)) {
            JsonNode l = Json.at(s, k.key());
            if (l == null || Json.num(l, "count") == 0) {
                continue;
            }
            kpis.add(new Kpi(k.label() + " p50", Fmt.millis(Json.num(l, "p50")), "ms", null));
            kpis.add(new Kpi(k.label() + " p99", Fmt.millis(Json.num(l, "p99")), "ms", null));
            kpis.add(new Kpi(k.label() + " p99.9", Fmt.millis(Json.num(l, "p999")), "ms",
                    "max " + Fmt.millis(Json.num(l, "max")) + " ms"));
        }
        if (!kpis.isEmpty()) {
            page.kpis(kpis);
        }
        String from = Json.text(s, "latencyMeasuredFrom");
        if ("intendedSendTime".equals(from)) {
            page.paragraph("Latency is measured from each record's intended send time (fixed rate; coordinated omission "
                    + "corrected). MiB = 1,048,576 bytes.", "note");
        } else if (from != null) {
            page.paragraph("Latency is measured from the actual send time (unlimited rate). MiB = 1,048,576 bytes.", "note");
        }
        page.endSection();
    }

    static void thresholds(HtmlPage page, List<JsonNode> verdicts) {
        if (verdicts.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (JsonNode v : verdicts) {
            rows.add(new Object[] {Html.badge(Json.bool(v, "passed")), Json.text(v, "threshold", "text"),
                Json.text(v, "shown")});
        }
        long failed = verdicts.stream().filter(v -> !Json.bool(v, "passed")).count();
        page.section("Thresholds: " + (failed == 0 ? "all passed" : failed + " of " + verdicts.size() + " failed"))
                .table("verdicts", new String[] {"verdict", "condition", "measured"}, rows, new boolean[] {false, false, true}, -1)
                .endSection();
    }

    private static void overTime(HtmlPage page, List<JsonNode> intervals) {
        if (intervals.isEmpty()) {
            return;
        }
        double warmupEnd = Double.NaN;
        for (JsonNode p : intervals) {
            if ("warmup".equals(Json.text(p, "phase"))) {
                warmupEnd = Json.num(p, "endSec");
            }
        }
        String note = Double.isNaN(warmupEnd) ? "per report interval"
                : "per report interval; warm-up until " + Fmt.mib(warmupEnd) + " s (included here, excluded from the headline figures)";
        page.section("Over time");
        boolean consumed = intervals.stream().anyMatch(p -> Json.num(p, "consumedRecordsPerSec") > 0);
        List<ObjectNode> recs = new ArrayList<>();
        recs.add(Charts.lineDataset("produced", Charts.BLUE, series(intervals, p -> Json.num(p, "producedRecordsPerSec")), false, null));
        List<ObjectNode> mibs = new ArrayList<>();
        mibs.add(Charts.lineDataset("produced", Charts.BLUE, series(intervals, p -> Json.num(p, "producedMebibytesPerSec")), false, null));
        if (consumed) {
            recs.add(Charts.lineDataset("consumed", Charts.ORANGE, series(intervals, p -> Json.num(p, "consumedRecordsPerSec")), true, null));
            mibs.add(Charts.lineDataset("consumed", Charts.ORANGE, series(intervals, p -> Json.num(p, "consumedMebibytesPerSec")), true, null));
        }
        page.chart("Throughput (records/s)", note, zeroBased(Charts.xyChart(recs, Charts.scale("linear", "time (s)"),
                Charts.scale("linear", "records/s"))), false);
        page.chart("Throughput (MiB/s)", note, zeroBased(Charts.xyChart(mibs, Charts.scale("linear", "time (s)"),
                Charts.scale("linear", "MiB/s"))), false);
        for (LatencyKind k : LATENCIES.subList(0, 2)) {
            boolean any = intervals.stream().anyMatch(p -> Json.num(p, k.key(), "count") > 0);
            if (!any) {
                continue;
            }
            List<ObjectNode> ds = List.of(
                    Charts.lineDataset("p50", Charts.TEAL, latencySeries(intervals, k.key(), "p50"), false, null),
                    Charts.lineDataset("p99", Charts.PURPLE, latencySeries(intervals, k.key(), "p99"), false, null),
                    Charts.lineDataset("max", Charts.RED, latencySeries(intervals, k.key(), "max"), true, null));
            ObjectNode y = Charts.scale("logarithmic", "latency (ms, log scale)");
            y.put("kbench", "log");
            page.chart(cap(k.label()) + " latency per interval (ms)", "p50, p99 and max of the measured records completed in each interval",
                    Charts.xyChart(ds, Charts.scale("linear", "time (s)"), y), false);
        }
        page.endSection();
    }

    private static ObjectNode zeroBased(ObjectNode chart) {
        ((ObjectNode) chart.get("options").get("scales").get("y")).put("beginAtZero", true);
        return chart;
    }

    private static List<Xy> series(List<JsonNode> intervals, ToDoubleFunction<JsonNode> f) {
        List<Xy> out = new ArrayList<>();
        for (JsonNode p : intervals) {
            out.add(new Xy(round(Json.num(p, "endSec"), 3), round(f.applyAsDouble(p), 3)));
        }
        return out;
    }

    private static List<Xy> latencySeries(List<JsonNode> intervals, String key, String field) {
        List<Xy> out = new ArrayList<>();
        for (JsonNode p : intervals) {
            boolean measured = Json.num(p, key, "count") > 0;
            out.add(new Xy(round(Json.num(p, "endSec"), 3), measured ? Fmt.ms(Json.num(p, key, field)) : Double.NaN));
        }
        return out;
    }

    static double round(double v, int digits) {
        if (Double.isNaN(v)) {
            return v;
        }
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    private static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static void distribution(HtmlPage page, JsonNode summary, Path dir) throws IOException {
        List<ObjectNode> ds = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (LatencyKind k : LATENCIES) {
            Optional<LatencyDistribution> d = dir == null ? Optional.empty() : LatencyDistribution.fromHlog(dir.resolve(k.hlog()));
            JsonNode s = Json.at(summary, k.key());
            if (d.isEmpty() && s != null && Json.num(s, "count") > 0) {
                d = Optional.of(LatencyDistribution.fromSummary((long) Json.num(s, "count"), Json.num(s, "p50"),
                        Json.num(s, "p95"), Json.num(s, "p99"), Json.num(s, "p999"), Json.num(s, "max")));
            }
            if (d.isEmpty()) {
                continue;
            }
            sources.add(k.label() + (d.get().source().equals("hlog") ? " from " + k.hlog() : " from the summary percentiles (no .hlog)"));
            List<Xy> xy = new ArrayList<>();
            for (LatencyDistribution.Point p : d.get().points()) {
                xy.add(new Xy(p.inverseTail(), Fmt.ms(p.micros())));
            }
            ObjectNode line = Charts.lineDataset(k.label(), k.color(), xy, k.key().equals("sendDelayMicros"), null);
            line.put("pointRadius", d.get().source().equals("hlog") ? 0 : 3);
            line.put("stepped", false);
            ds.add(line);
        }
        if (ds.isEmpty()) {
            return;
        }
        ObjectNode x = Charts.scale("logarithmic", "percentile");
        x.put("kbench", "percentile");
        x.put("min", 1);
        ObjectNode y = Charts.scale("logarithmic", "latency (ms, log scale)");
        y.put("kbench", "log");
        ObjectNode chart = Charts.xyChart(ds, x, y);
        ObjectNode tooltip = ((ObjectNode) chart.get("options")).putObject("plugins").putObject("tooltip");
        tooltip.put("kbench", "percentile");
        tooltip.put("kbenchUnit", "ms");
        page.section("Latency distribution")
                .chart("Latency by percentile (ms)", "whole measured window; " + String.join("; ", sources), chart, true)
                .endSection();
    }

    private static void environment(HtmlPage page, JsonNode r) {
        JsonNode e = Json.at(r, "environment");
        JsonNode c = Json.at(r, "cluster");
        List<String[]> gen = new ArrayList<>();
        kv(gen, "kbench", Json.text(e, "kbenchVersion"));
        kv(gen, "Kafka clients", Json.text(e, "kafkaClientVersion"));
        kv(gen, "JDK", Json.text(e, "clientJdk"));
        kv(gen, "OS", Json.text(e, "os"));
        kv(gen, "CPU", Json.text(e, "cpuModel"));
        kv(gen, "cores", Json.text(e, "cores"));
        double heap = Json.num(e, "maxHeapBytes");
        if (!Double.isNaN(heap)) {
            kv(gen, "max heap", Fmt.number(Units.mib(heap)) + " MiB");
        }
        List<String[]> cl = new ArrayList<>();
        kv(cl, "mode", Json.text(c, "mode"));
        kv(cl, "bootstrap servers", Json.text(c, "bootstrapServers"));
        kv(cl, "brokers", Json.text(c, "brokers"));
        kv(cl, "Kafka (brokers)", Json.text(c, "kafkaBrokerVersion"));
        kv(cl, "broker JDK", Json.text(c, "brokerJdk"));
        double startup = Json.num(c, "startupMillis");
        if (!Double.isNaN(startup)) {
            kv(cl, "startup", Fmt.number(startup) + " ms");
        }
        page.section("Environment");
        page.html(new Html("<div class=\"grid2\"><div><h3>Load generator</h3>" + kvTable(gen)
                + "</div><div><h3>Cluster</h3>" + kvTable(cl) + "</div></div>"));
        page.endSection();
    }

    private static String kvTable(List<String[]> rows) {
        StringBuilder b = new StringBuilder("<table class=\"kv\"><tbody>");
        for (String[] r : rows) {
            b.append("<tr><th>").append(HtmlPage.esc(r[0])).append("</th><td>").append(HtmlPage.esc(r[1])).append("</td></tr>");
        }
        return b.append("</tbody></table>").toString();
    }

    private static void kv(List<String[]> rows, String key, String value) {
        if (value != null) {
            rows.add(new String[] {key, value});
        }
    }

    private static void configuration(HtmlPage page, JsonNode r) {
        List<Object[]> rows = new ArrayList<>();
        for (String[] kv : Json.flatten(Json.at(r, "workload"))) {
            rows.add(new Object[] {"workload." + kv[0], kv[1]});
        }
        for (String[] kv : Json.flatten(Json.at(r, "clientProperties"))) {
            rows.add(new Object[] {"clientProperties." + kv[0], kv[1]});
        }
        for (String[] kv : Json.flatten(Json.at(r, "cluster", "brokerConfig"))) {
            rows.add(new Object[] {"cluster.brokerConfig." + kv[0], kv[1]});
        }
        if (rows.isEmpty()) {
            return;
        }
        page.section("Configuration (resolved workload, client and broker settings; secrets redacted)")
                .table("config", new String[] {"key", "value"}, rows, new boolean[] {false, false}, -1)
                .endSection();
    }
}
