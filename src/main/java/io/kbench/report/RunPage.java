package io.kbench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.measure.LatencyMetric;
import io.kbench.report.Charts.Xy;
import io.kbench.report.HtmlPage.Html;
import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.ClusterInfo;
import io.kbench.result.Environment;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadClients;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.unit.Units;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/** The HTML page of one run (result.json with kind "run" and its .hlog files). */
final class RunPage {
    /** The colour of a latency metric's line, the same in every chart of the page. */
    static String color(LatencyMetric metric) {
        return switch (metric) {
            case PUBLISH -> Charts.BLUE;
            case END_TO_END -> Charts.ORANGE;
            case SEND_DELAY -> Charts.GREY;
        };
    }

    private RunPage() {
    }

    static void fill(HtmlPage page, RunResult r, Path dir) {
        RunStatus status = r.status();
        List<String> lines = new ArrayList<>();
        String description = r.workload() == null ? null : r.workload().description();
        if (description != null) {
            lines.add(description);
        }
        lines.add(timeLine(r.startTime(), r.endTime()));
        // The client that sent and read, a driver's included: the environment's version is the Java client's alone.
        String clients = LoadClients.describe(r.clients(),
                r.environment() == null ? null : r.environment().kafkaClientVersion(), r.workload());
        lines.add(environmentLine(r.environment(), clients, r.cluster()));
        if (r.tags() != null && !r.tags().isEmpty()) {
            List<String> t = new ArrayList<>();
            r.tags().forEach((k, v) -> t.add(k + "=" + v));
            lines.add("tags: " + String.join(", ", t));
        }
        page.header("kbench run report", r.name() == null ? "(unnamed run)" : r.name(), statusBadge(status), lines);
        IntegritySection.verdict(page, r.integrity());
        if (r.failure() != null) {
            page.section("Status").paragraph(status + ": " + r.failure(), "warn").endSection();
        }
        TelemetrySection.verdict(page, r.telemetry());
        headline(page, r.summary());
        DriftSection.render(page, r.drift());
        AnatomySection.table(page, r.schedule(), r.anatomy());
        TelemetrySection.diagnosis(page, r.telemetry());
        TransactionSection.render(page, r.summary() == null ? null : r.summary().transactions());
        MergeSection.table(page, r.merge());
        FaultSection.table(page, r.faults());
        GroupSection.share(page, r.share());
        GroupSection.rebalances(page, r.rebalances());
        BacklogSection.render(page, r.backlog());
        StagesSection.render(page, r.stages());
        thresholds(page, r.thresholds() == null ? List.of() : r.thresholds());
        overTime(page, r.intervals() == null ? List.of() : r.intervals(), r.telemetry(), r.anatomy(),
                FaultSection.bands(r.faults(), r.intervals()));
        distribution(page, r.summary(), dir);
        BreakdownSection.render(page, r.breakdown());
        environment(page, r.environment(), clients, r.cluster());
        configuration(page, r);
    }

    static Html statusBadge(RunStatus status) {
        if (status == null) {
            return null;
        }
        String css = switch (status) {
            case COMPLETED -> "pass";
            case INTERRUPTED -> "neutral";
            case FAILED -> "fail";
        };
        return HtmlPage.Html.of("span", "badge " + css, status.json().toUpperCase(Locale.ROOT));
    }

    private static String timeLine(Instant start, Instant end) {
        String s = "start " + shortTime(start) + "   end " + shortTime(end);
        if (start != null && end != null) {
            Duration d = Duration.between(start, end);
            s += "   (" + Fmt.number(d.toMillis() / 1000.0) + " s)";
        }
        return s;
    }

    private static String shortTime(Instant time) {
        return time == null ? "?" : DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC).format(time);
    }

    private static String environmentLine(Environment e, String clients, ClusterInfo c) {
        List<String> parts = new ArrayList<>();
        if (e != null) {
            add(parts, "kbench ", e.kbenchVersion());
            add(parts, "Kafka clients ", clients);
            add(parts, "JDK ", e.clientJdk());
            add(parts, "", e.os());
            add(parts, "", e.cpuModel());
            parts.add(Fmt.count(e.cores()) + " cores");
        }
        if (c != null && c.mode() != null) {
            String version = c.kafkaBrokerVersion();
            parts.add(c.mode() + " cluster of " + Fmt.count(c.brokers()) + " broker(s)" + (version == null ? "" : ", Kafka " + version));
        }
        return String.join("  ·  ", parts);
    }

    private static void add(List<String> parts, String prefix, String value) {
        if (value != null) {
            parts.add(prefix + value);
        }
    }

    private static void headline(HtmlPage page, Summary s) {
        if (s == null) {
            page.section("Headline figures (measured window, warm-up excluded)")
                    .paragraph("The run ended before anything was measured.", "note").endSection();
            return;
        }
        List<Kpi> kpis = new ArrayList<>();
        Totals produced = s.produced();
        if (produced != null) {
            kpis.add(new Kpi("produced", Fmt.rate(produced.recordsPerSec()), "records/s",
                    Fmt.count(produced.records()) + " records in " + Fmt.mib(produced.windowSec()) + " s"));
            kpis.add(new Kpi("produced", Fmt.mib(produced.mebibytesPerSec()), "MiB/s", null));
        }
        Totals consumed = s.consumed();
        if (consumed != null) {
            kpis.add(new Kpi("consumed", Fmt.rate(consumed.recordsPerSec()), "records/s",
                    Fmt.count(consumed.records()) + " records in " + Fmt.mib(consumed.windowSec()) + " s"));
            kpis.add(new Kpi("consumed", Fmt.mib(consumed.mebibytesPerSec()), "MiB/s", null));
        }
        Map<String, Long> types = produced == null ? null : produced.errorTypes();
        String typeNote = null;
        if (types != null && !types.isEmpty()) {
            List<String> t = new ArrayList<>();
            types.forEach((type, n) -> t.add(type + " " + n));
            typeNote = String.join(", ", t);
        }
        kpis.add(new Kpi("produce errors", Fmt.count(produced == null ? 0 : produced.errors()), "sends", typeNote));
        page.section("Headline figures (measured window, warm-up excluded)").kpis(kpis);
        kpis = new ArrayList<>();
        for (LatencyMetric k : LatencyMetric.HEADLINE) {
            LatencyStats l = k.of(s);
            if (l == null || l.count() == 0) {
                continue;
            }
            kpis.add(new Kpi(k.label() + " p50", Fmt.millis(l.p50()), "ms", null));
            kpis.add(new Kpi(k.label() + " p99", Fmt.millis(l.p99()), "ms", null));
            kpis.add(new Kpi(k.label() + " p99.9", Fmt.millis(l.p999()), "ms", "max " + Fmt.millis(l.max()) + " ms"));
        }
        if (!kpis.isEmpty()) {
            page.kpis(kpis);
        }
        String from = s.latencyMeasuredFrom();
        if ("intendedSendTime".equals(from)) {
            page.paragraph("Latency is measured from each record's intended send time (fixed rate; coordinated omission "
                    + "corrected). MiB = 1,048,576 bytes.", "note");
        } else if (from != null) {
            page.paragraph("Latency is measured from the actual send time (unlimited rate). MiB = 1,048,576 bytes.", "note");
        }
        page.endSection();
    }

    static void thresholds(HtmlPage page, List<ThresholdVerdict> verdicts) {
        if (verdicts.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (ThresholdVerdict v : verdicts) {
            rows.add(new Object[] {Html.badge(v.passed()), v.threshold().text(), v.shown()});
        }
        long failed = verdicts.stream().filter(v -> !v.passed()).count();
        page.section("Thresholds: " + (failed == 0 ? "all passed" : failed + " of " + verdicts.size() + " failed"))
                .table("verdicts", new String[] {"verdict", "condition", "measured"}, rows, new boolean[] {false, false, true}, -1)
                .endSection();
    }

    private static void overTime(HtmlPage page, List<IntervalPoint> intervals, Telemetry telemetry, Anatomy anatomy,
                                 List<ObjectNode> faultBands) {
        if (intervals.isEmpty()) {
            return;
        }
        double warmupEnd = Double.NaN;
        for (IntervalPoint p : intervals) {
            if (p.phase() == IntervalPhase.WARMUP) {
                warmupEnd = p.endSec();
            }
        }
        String note = Double.isNaN(warmupEnd) ? "per report interval"
                : "per report interval; warm-up until " + Fmt.mib(warmupEnd) + " s (included here, excluded from the headline figures)";
        page.section("Over time");
        boolean consumed = intervals.stream().anyMatch(p -> p.consumedRecordsPerSec() > 0);
        List<ObjectNode> recs = new ArrayList<>();
        recs.add(Charts.lineDataset("produced", Charts.BLUE, series(intervals, IntervalPoint::producedRecordsPerSec), false, null));
        List<ObjectNode> mibs = new ArrayList<>();
        mibs.add(Charts.lineDataset("produced", Charts.BLUE, series(intervals, IntervalPoint::producedMebibytesPerSec), false, null));
        if (consumed) {
            recs.add(Charts.lineDataset("consumed", Charts.ORANGE, series(intervals, IntervalPoint::consumedRecordsPerSec), true, null));
            mibs.add(Charts.lineDataset("consumed", Charts.ORANGE, series(intervals, IntervalPoint::consumedMebibytesPerSec), true, null));
        }
        note += PartialInterval.add(intervals, recs, mibs);
        if (!faultBands.isEmpty()) {
            note += "; shaded: fault windows";
        }
        // One x axis for every chart over time, so telemetry lines up with latency by eye.
        ObjectNode time = Charts.scale("linear", "time (s)");
        time.put("min", 0);
        time.put("max", round(intervals.get(intervals.size() - 1).endSec(), 3));
        page.chart("Throughput (records/s)", note, FaultSection.shade(zeroBased(Charts.xyChart(recs, time.deepCopy(),
                Charts.scale("linear", "records/s"))), faultBands), false);
        page.chart("Throughput (MiB/s)", note, FaultSection.shade(zeroBased(Charts.xyChart(mibs, time.deepCopy(),
                Charts.scale("linear", "MiB/s"))), faultBands), false);
        for (LatencyMetric k : LatencyMetric.HEADLINE) {
            boolean any = intervals.stream().anyMatch(p -> k.of(p) != null && k.of(p).count() > 0);
            if (!any) {
                continue;
            }
            List<ObjectNode> ds = List.of(
                    Charts.lineDataset("p50", Charts.TEAL, latencySeries(intervals, k, LatencyStats::p50), false, null),
                    Charts.lineDataset("p99", Charts.PURPLE, latencySeries(intervals, k, LatencyStats::p99), false, null),
                    Charts.lineDataset("max", Charts.RED, latencySeries(intervals, k, LatencyStats::max), true, null));
            ObjectNode y = Charts.scale("logarithmic", "latency (ms, log scale)");
            y.put("kbench", "log");
            ObjectNode chart = FaultSection.shade(Charts.xyChart(ds, time.deepCopy(), y), faultBands);
            String routine = "";
            if (telemetry != null) {
                double top = intervals.stream().filter(p -> k.of(p) != null && k.of(p).count() > 0)
                        .mapToDouble(p -> Fmt.ms(k.of(p).max())).max().orElse(Double.NaN);
                // Just above the highest max, so the markers sit over the lines on the log scale.
                routine = TelemetrySection.eventMarkers(chart, telemetry.events(), top * 1.6, intervals);
            }
            page.chart(cap(k.label()) + " latency per interval (ms)", "p50, p99 and max of the measured records completed"
                    + " in each interval" + (telemetry == null || telemetry.events().isEmpty() ? ""
                    : "; triangles: broker events (hover for what happened)")
                    + (routine.isEmpty() ? "" : "; not drawn, as they came in most intervals: " + routine)
                    + (faultBands.isEmpty() ? "" : "; shaded: fault windows"), chart, false);
        }
        AnatomySection.chart(page, intervals, anatomy, time);
        TelemetrySection.charts(page, intervals, telemetry, time);
        page.endSection();
    }

    private static ObjectNode zeroBased(ObjectNode chart) {
        ((ObjectNode) chart.get("options").get("scales").get("y")).put("beginAtZero", true);
        return chart;
    }

    /** A throughput line; a partial last interval is a gap here, drawn on its own ({@link PartialInterval}). */
    private static List<Xy> series(List<IntervalPoint> intervals, ToDoubleFunction<IntervalPoint> f) {
        List<Xy> out = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            IntervalPoint p = intervals.get(i);
            boolean partial = i == intervals.size() - 1 && PartialInterval.last(intervals);
            out.add(new Xy(round(p.endSec(), 3), partial ? Double.NaN : round(f.applyAsDouble(p), 3)));
        }
        return out;
    }


    private static List<Xy> latencySeries(List<IntervalPoint> intervals, LatencyMetric kind, ToDoubleFunction<LatencyStats> field) {
        List<Xy> out = new ArrayList<>();
        for (IntervalPoint p : intervals) {
            LatencyStats l = kind.of(p);
            boolean measured = l != null && l.count() > 0;
            out.add(new Xy(round(p.endSec(), 3), measured ? Fmt.ms(field.applyAsDouble(l)) : Double.NaN));
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

    private static void distribution(HtmlPage page, Summary summary, Path dir) {
        List<ObjectNode> ds = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (LatencyMetric k : LatencyMetric.values()) {
            Optional<LatencyDistribution> d = dir == null ? Optional.empty() : LatencyDistribution.fromHlog(dir.resolve(k.fileName()));
            LatencyStats s = summary == null ? null : k.of(summary);
            if (d.isEmpty() && s != null && s.count() > 0) {
                d = Optional.of(LatencyDistribution.fromSummary(s.count(), s.p50(), s.p95(), s.p99(), s.p999(), s.max()));
            }
            if (d.isEmpty()) {
                continue;
            }
            sources.add(k.label() + d.get().sourceNote(k.fileName()));
            List<Xy> xy = new ArrayList<>();
            for (LatencyDistribution.Point p : d.get().points()) {
                xy.add(new Xy(p.inverseTail(), Fmt.ms(p.micros())));
            }
            ObjectNode line = Charts.lineDataset(k.label(), color(k), xy, k == LatencyMetric.SEND_DELAY, null);
            line.put("pointRadius", d.get().fromLog() ? 0 : 3);
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

    private static void environment(HtmlPage page, Environment e, String clients, ClusterInfo c) {
        List<String[]> gen = new ArrayList<>();
        if (e != null) {
            kv(gen, "kbench", e.kbenchVersion());
            kv(gen, "Kafka clients", clients);
            kv(gen, "JDK", e.clientJdk());
            kv(gen, "JVM", e.clientJvm());
            kv(gen, "OS", e.os());
            kv(gen, "CPU", e.cpuModel());
            kv(gen, "cores", String.valueOf(e.cores()));
            kv(gen, "max heap", Fmt.number(Units.mib(e.maxHeapBytes())) + " MiB");
        }
        List<String[]> cl = new ArrayList<>();
        if (c != null) {
            kv(cl, "mode", c.mode());
            kv(cl, "bootstrap servers", c.bootstrapServers());
            kv(cl, "brokers", String.valueOf(c.brokers()));
            kv(cl, "Kafka (brokers)", c.kafkaBrokerVersion());
            if (c.brokerVersions() != null) {
                kv(cl, "read from each broker", String.join("; ", c.brokerVersions().stream()
                        .map(v -> (v.nodeId() != null ? "broker " + v.nodeId() : v.jmxAddress()) + ": Kafka "
                                + (v.kafkaVersion() == null ? "unknown" : v.kafkaVersion()) + (v.jdk() == null ? "" : ", JDK " + v.jdk())).toList()));
            }
            kv(cl, "broker JDK", c.brokerJdk());
            if (c.startupMillis() != null) {
                kv(cl, "startup", Fmt.number(c.startupMillis()) + " ms");
            }
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

    private static void configuration(HtmlPage page, RunResult r) {
        List<Object[]> rows = new ArrayList<>();
        for (String[] kv : Json.flatten(r.workload())) {
            rows.add(new Object[] {"workload." + kv[0], kv[1]});
        }
        for (String[] kv : Json.flatten(r.clientProperties())) {
            rows.add(new Object[] {"clientProperties." + kv[0], kv[1]});
        }
        for (String[] kv : Json.flatten(r.cluster() == null ? null : r.cluster().brokerConfig())) {
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
