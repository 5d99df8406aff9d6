package io.kbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.report.Charts.Xy;
import io.kbench.report.HtmlPage.Html;
import io.kbench.result.Figure;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.Diagnosis;
import io.kbench.result.telemetry.LatencySpike;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.SeriesMove;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.result.telemetry.TelemetrySource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A run's telemetry in its report: the diagnosis at the top, the series as charts on the latency charts' time axis,
 * and the events as markers on the latency charts.
 */
final class TelemetrySection {
    /** Series drawn together: a title (with the unit) and the metrics. Metrics in no group are grouped by unit. */
    private record Group(String title, Set<TelemetryMetric> metrics) {
    }

    private static final List<Group> GROUPS = List.of(
            new Group("Process CPU (%, 100 = one core)", EnumSet.of(TelemetryMetric.BROKER_CPU_PERCENT,
                    TelemetryMetric.CLIENT_CPU_PERCENT)),
            new Group("Broker thread pools idle (%)", EnumSet.of(TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT,
                    TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT)),
            new Group("Host CPU (%, 100 = all cores)", EnumSet.of(TelemetryMetric.HOST_CPU_USER_PERCENT,
                    TelemetryMetric.HOST_CPU_SYSTEM_PERCENT, TelemetryMetric.HOST_CPU_IOWAIT_PERCENT,
                    TelemetryMetric.HOST_CPU_STEAL_PERCENT)),
            new Group("Disk utilisation (%)", EnumSet.of(TelemetryMetric.DISK_UTIL_PERCENT)),
            new Group("Produce request time (ms, mean per interval)", EnumSet.of(TelemetryMetric.PRODUCE_TOTAL_TIME_MS,
                    TelemetryMetric.PRODUCE_REQUEST_QUEUE_TIME_MS, TelemetryMetric.PRODUCE_LOCAL_TIME_MS,
                    TelemetryMetric.PRODUCE_REMOTE_TIME_MS, TelemetryMetric.PRODUCE_RESPONSE_QUEUE_TIME_MS,
                    TelemetryMetric.PRODUCE_RESPONSE_SEND_TIME_MS)),
            new Group("Fetch request time (ms, mean per interval)", EnumSet.of(TelemetryMetric.FETCH_TOTAL_TIME_MS,
                    TelemetryMetric.FETCH_REQUEST_QUEUE_TIME_MS, TelemetryMetric.FETCH_LOCAL_TIME_MS,
                    TelemetryMetric.FETCH_REMOTE_TIME_MS, TelemetryMetric.FETCH_RESPONSE_QUEUE_TIME_MS,
                    TelemetryMetric.FETCH_RESPONSE_SEND_TIME_MS)),
            new Group("Log flush and GC pause time (ms)", EnumSet.of(TelemetryMetric.LOG_FLUSH_TIME_MS,
                    TelemetryMetric.BROKER_GC_PAUSE_TIME_MS, TelemetryMetric.CLIENT_GC_PAUSE_TIME_MS)),
            new Group("Bytes (MiB/s)", EnumSet.of(TelemetryMetric.BROKER_BYTES_IN_MIB_PER_SEC,
                    TelemetryMetric.BROKER_BYTES_OUT_MIB_PER_SEC, TelemetryMetric.DISK_READ_MIB_PER_SEC,
                    TelemetryMetric.DISK_WRITE_MIB_PER_SEC, TelemetryMetric.NETWORK_RX_MIB_PER_SEC,
                    TelemetryMetric.NETWORK_TX_MIB_PER_SEC)),
            new Group("Tiered storage: read from and copied to remote storage (MiB/s)", EnumSet.of(
                    TelemetryMetric.REMOTE_FETCH_MIB_PER_SEC, TelemetryMetric.REMOTE_COPY_MIB_PER_SEC)),
            new Group("Tiered storage operations (per second)", EnumSet.of(TelemetryMetric.REMOTE_FETCH_REQUESTS_PER_SEC,
                    TelemetryMetric.REMOTE_FETCH_ERRORS_PER_SEC, TelemetryMetric.REMOTE_COPY_REQUESTS_PER_SEC)),
            new Group("Page cache and memory (MiB)", EnumSet.of(TelemetryMetric.PAGE_CACHE_DIRTY_MIB,
                    TelemetryMetric.PAGE_CACHE_WRITEBACK_MIB, TelemetryMetric.MEMORY_AVAILABLE_MIB,
                    TelemetryMetric.BROKER_HEAP_USED_MIB)));

    /** Longer legend labels are cut at their explanation: a half-width chart's legend shows about this many. */
    private static final int LEGEND_LABEL_CHARS = 60;
    /** An event type in more than this share of the intervals is routine: its markers would be a solid row. */
    private static final double ROUTINE_SHARE = 0.5;
    /** Fewer intervals than this have no routine: every event is drawn. */
    private static final int ROUTINE_MIN_INTERVALS = 10;
    /** What a broker does as a matter of course; anything else (faults, restarts, an unresponsive broker) is drawn. */
    private static final Set<TelemetryEventType> ROUTINE_KINDS = EnumSet.of(TelemetryEventType.LOG_FLUSH,
            TelemetryEventType.SEGMENT_ROLL, TelemetryEventType.SEGMENT_DELETE, TelemetryEventType.GC_PAUSE);

    private TelemetrySection() {
    }

    /** The one-line verdict at the top of the page, above the headline figures; nothing without a diagnosis. */
    static void verdict(HtmlPage page, Telemetry t) {
        Diagnosis d = t == null ? null : t.diagnosis();
        if (d == null) {
            return;
        }
        page.section("Verdict");
        page.html(new Html("<p class=\"diagnosis " + (d.limitedBy() == LimitingResource.NONE_FOUND ? "none" : "found")
                + "\">" + HtmlPage.esc(d.line()) + "</p>"));
        page.endSection();
    }

    /**
     * The diagnosis's figures, spikes and method, below the headline figures (the verdict line is at the top); says so
     * when the run has telemetry but no diagnosis.
     */
    static void diagnosis(HtmlPage page, Telemetry t) {
        if (t == null) {
            return;
        }
        page.section("Diagnosis: the figures behind the verdict");
        Diagnosis d = t.diagnosis();
        if (d == null) {
            page.paragraph("Not judged: the run has telemetry but no diagnosis.", "note");
        } else {
            figures(page, d.figures() == null ? List.of() : d.figures());
            spikes(page, d.spikes() == null ? List.of() : d.spikes());
            if (d.method() != null) {
                page.paragraph("Method: " + d.method() + ". Rules and thresholds: docs/diagnosis.md.", "note");
            }
        }
        absent(page, t.sources());
        page.endSection();
    }

    private static void figures(HtmlPage page, List<Figure> figures) {
        if (figures.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (Figure f : figures) {
            rows.add(new Object[] {f.label(), Fmt.number(f.value()), f.unit(), f.formula()});
        }
        page.table("figures", new String[] {"figure", "value", "unit", "formula"}, rows,
                new boolean[] {false, true, false, false}, -1);
    }

    private static void spikes(HtmlPage page, List<LatencySpike> spikes) {
        if (spikes.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (LatencySpike s : spikes) {
            String events = s.events() == null || s.events().isEmpty() ? "-" : s.events().stream()
                    .map(e -> e.type() + " " + e.source() + " at " + Fmt.mib(e.atSec()) + " s"
                            + (e.detail() == null ? "" : " (" + e.detail() + ")"))
                    .collect(Collectors.joining("; "));
            String movers = s.movers() == null || s.movers().isEmpty() ? "-" : s.movers().stream()
                    .map(TelemetrySection::mover).collect(Collectors.joining("; "));
            rows.add(new Object[] {Fmt.mib(s.endSec()), Fmt.millis(s.p99Micros()), events, movers});
        }
        page.table("spikes", new String[] {"interval end (s)", "p99 (ms)", "events within one interval",
                "series moving with p99 (r)"}, rows, new boolean[] {true, true, false, false}, -1);
    }

    private static String mover(SeriesMove m) {
        return m.metric() + " " + m.source() + " " + Fmt.signed(m.correlation());
    }

    private static void absent(HtmlPage page, List<TelemetrySource> sources) {
        List<String> absent = sources.stream().filter(s -> !s.available())
                .map(s -> s.id() + " (" + s.kind() + (s.absentReason() == null ? "" : ": " + s.absentReason()) + ")")
                .toList();
        if (!absent.isEmpty()) {
            page.paragraph("Absent sources (their series are missing, not zero): " + String.join("; ", absent) + ".", "warn");
        }
    }

    /**
     * The telemetry charts, on the same x axis as the latency charts above them. A chart whose every series was zero
     * throughout (no ISR shrink, nothing in purgatory) is not drawn: one line names them, so "nothing happened" reads
     * in a sentence rather than in a flat line per chart.
     */
    static void charts(HtmlPage page, List<IntervalPoint> intervals, Telemetry t, ObjectNode timeAxis) {
        if (t == null || t.series().isEmpty()) {
            return;
        }
        Map<String, List<TelemetrySeries>> groups = new LinkedHashMap<>();
        for (Group g : GROUPS) {
            groups.put(g.title(), new ArrayList<>());
        }
        for (TelemetrySeries s : t.series()) {
            String title = GROUPS.stream().filter(g -> g.metrics().contains(s.metric())).map(Group::title).findFirst()
                    .orElse("Other (" + s.metric().unit() + ")");
            groups.computeIfAbsent(title, k -> new ArrayList<>()).add(s);
        }
        List<String> zero = new ArrayList<>();
        groups.forEach((title, series) -> {
            if (series.isEmpty()) {
                return;
            }
            if (series.stream().allMatch(TelemetrySection::zeroThroughout)) {
                series.forEach(s -> zero.add(label(s.metric()) + " (" + s.source() + ")"));
                return;
            }
            List<String> longer = series.stream().map(TelemetrySeries::metric).distinct()
                    .filter(m -> !label(m).equals(m.description())).map(m -> label(m) + ": " + m.description()).toList();
            page.chart(title, "per report interval; gaps where not sampled" + (longer.isEmpty() ? ""
                    : "; " + String.join("; ", longer)), chart(intervals, series, timeAxis), false);
        });
        if (!zero.isEmpty()) {
            page.paragraph("Zero throughout the run, so not drawn: " + String.join("; ", zero) + ".", "note");
        }
    }

    /** Whether every sampled value of the series is 0 (and at least one was sampled). */
    static boolean zeroThroughout(TelemetrySeries s) {
        boolean sampled = false;
        for (Double v : s.values()) {
            if (v != null && Double.isFinite(v)) {
                if (v != 0) {
                    return false;
                }
                sampled = true;
            }
        }
        return sampled;
    }

    /**
     * A legend label that fits one line of a half-width chart: the description up to its explanation in parentheses
     * when it is long (the chart's note carries the whole description).
     */
    static String label(TelemetryMetric m) {
        String d = m.description();
        int cut = d.indexOf(" (");
        return d.length() <= LEGEND_LABEL_CHARS || cut < 0 ? d : d.substring(0, cut);
    }

    private static ObjectNode chart(List<IntervalPoint> intervals, List<TelemetrySeries> series, ObjectNode timeAxis) {
        List<ObjectNode> ds = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            TelemetrySeries s = series.get(i);
            List<Xy> xy = new ArrayList<>();
            for (int k = 0; k < intervals.size(); k++) {
                Double v = k < s.values().size() ? s.values().get(k) : null;
                xy.add(new Xy(RunPage.round(intervals.get(k).endSec(), 3),
                        v == null || !Double.isFinite(v) ? Double.NaN : RunPage.round(v, 3)));
            }
            ds.add(Charts.lineDataset(label(s.metric()) + " · " + s.source(),
                    Charts.PALETTE.get(i % Charts.PALETTE.size()), xy, i >= Charts.PALETTE.size(), null));
        }
        ObjectNode y = Charts.scale("linear", series.get(0).metric().unit());
        y.put("beginAtZero", true);
        return Charts.legendBottom(Charts.xyChart(ds, timeAxis.deepCopy(), y));
    }

    /**
     * Adds the events as triangles along the top of a latency chart, each with its type and detail as tooltip; returns
     * the routine types left out, as text for the chart's note (empty when none). A type that occurs in more than half
     * of the intervals (log flushes every second) would draw a solid row that hides the rare events, so its markers
     * are left out and the note names it with its count.
     */
    static String eventMarkers(ObjectNode chart, List<TelemetryEvent> events, double atMs, List<IntervalPoint> intervals) {
        if (events.isEmpty() || !(atMs > 0)) {
            return "";
        }
        Set<TelemetryEventType> routine = routine(events, intervals);
        List<TelemetryEvent> drawn = events.stream().filter(e -> !routine.contains(e.type())).toList();
        if (!drawn.isEmpty()) {
            ArrayNode datasets = (ArrayNode) chart.get("data").get("datasets");
            ObjectNode d = datasets.addObject();
            d.put("type", "scatter");
            d.put("label", "events");
            d.put("borderColor", Charts.GREY);
            d.put("backgroundColor", Charts.GREY);
            d.put("pointStyle", "triangle");
            d.put("pointRadius", 5);
            d.put("showLine", false);
            d.put("kbenchEvents", true);
            ArrayNode data = d.putArray("data");
            for (TelemetryEvent e : drawn) {
                data.addObject().put("x", RunPage.round(e.atSec(), 3)).put("y", atMs)
                        .put("text", e.type() + " " + e.source() + (e.detail() == null ? "" : " " + e.detail()));
            }
        }
        return routine.stream().map(type -> type.json() + " (" + events.stream().filter(e -> e.type() == type).count()
                + ")").collect(Collectors.joining(", "));
    }

    /**
     * The event types found in more than {@link #ROUTINE_SHARE} of the intervals, of those a broker does as routine
     * (flushes, rolls, deletes, GC pauses) and over at least {@link #ROUTINE_MIN_INTERVALS} intervals: a fault, a
     * restart or an unresponsive broker is always drawn, and in a short run two events are no routine.
     */
    private static Set<TelemetryEventType> routine(List<TelemetryEvent> events, List<IntervalPoint> intervals) {
        Set<TelemetryEventType> routine = EnumSet.noneOf(TelemetryEventType.class);
        if (intervals.size() < ROUTINE_MIN_INTERVALS) {
            return routine;
        }
        double[] ends = intervals.stream().mapToDouble(IntervalPoint::endSec).toArray();
        Map<TelemetryEventType, Set<Integer>> seenIn = new LinkedHashMap<>();
        for (TelemetryEvent e : events) {
            // The interval an event falls in: the first whose end is at or after it (the last for a later one).
            int k = Arrays.binarySearch(ends, e.atSec());
            k = Math.min(k >= 0 ? k : -k - 1, ends.length - 1);
            seenIn.computeIfAbsent(e.type(), x -> new HashSet<>()).add(k);
        }
        seenIn.forEach((type, in) -> {
            if (ROUTINE_KINDS.contains(type) && in.size() > ROUTINE_SHARE * intervals.size()) {
                routine.add(type);
            }
        });
        return routine;
    }
}
