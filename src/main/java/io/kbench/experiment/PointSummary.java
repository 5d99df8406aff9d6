package io.kbench.experiment;

import io.kbench.compare.Spread;
import io.kbench.load.RunOutcome;
import io.kbench.measure.LatencyStats;
import io.kbench.result.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A point's figures over its completed repetitions: every number of a run summary as {median, min, max, count},
 * and the summary made of the medians (what thresholds and the ranking judge).
 *
 * @param json   the shape written to sweep.json: produced/consumed totals and latency objects of spreads
 * @param median a run summary whose every figure is the median over the repetitions
 */
public record PointSummary(Map<String, Object> json, Summary median) {
    private static final List<String> TOTALS = List.of("records", "bytes", "recordsPerSec", "mebibytesPerSec", "windowSec", "errors");
    private static final List<String> LATENCY = List.of("count", "p50", "p95", "p99", "p999", "max", "mean");

    /** Summarises at least one completed run. */
    public static PointSummary of(List<Summary> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a point summary needs at least one completed run");
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("runs", runs.size());
        json.put("latencyMeasuredFrom", runs.get(0).latencyMeasuredFrom());
        putTotals(json, "produced", runs, Summary::produced);
        putTotals(json, "consumed", runs, Summary::consumed);
        putLatency(json, "publishLatencyMicros", runs, Summary::publishLatencyMicros);
        putLatency(json, "endToEndLatencyMicros", runs, Summary::endToEndLatencyMicros);
        putLatency(json, "sendDelayMicros", runs, Summary::sendDelayMicros);
        Summary median = new Summary(runs.get(0).latencyMeasuredFrom(),
                medianTotals(runs, Summary::produced), medianTotals(runs, Summary::consumed),
                medianLatency(runs, Summary::publishLatencyMicros), medianLatency(runs, Summary::endToEndLatencyMicros),
                medianLatency(runs, Summary::sendDelayMicros));
        return new PointSummary(json, median);
    }

    private static void putTotals(Map<String, Object> json, String key, List<Summary> runs,
                                  Function<Summary, RunOutcome.Totals> part) {
        List<RunOutcome.Totals> all = runs.stream().map(part).filter(Objects::nonNull).toList();
        if (all.isEmpty()) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (String field : TOTALS) {
            m.put(field, spread(all, t -> totalField(t, field)));
        }
        json.put(key, m);
    }

    private static void putLatency(Map<String, Object> json, String key, List<Summary> runs,
                                   Function<Summary, LatencyStats> part) {
        List<LatencyStats> all = measured(runs, part);
        if (all.isEmpty()) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (String field : LATENCY) {
            m.put(field, spread(all, s -> field.equals("count") ? s.count() : s.get(field)));
        }
        json.put(key, m);
    }

    private static RunOutcome.Totals medianTotals(List<Summary> runs, Function<Summary, RunOutcome.Totals> part) {
        List<RunOutcome.Totals> all = runs.stream().map(part).filter(Objects::nonNull).toList();
        if (all.isEmpty()) {
            return null;
        }
        return new RunOutcome.Totals(Math.round(median(all, RunOutcome.Totals::records)),
                Math.round(median(all, RunOutcome.Totals::bytes)), median(all, RunOutcome.Totals::recordsPerSec),
                median(all, RunOutcome.Totals::mebibytesPerSec), median(all, RunOutcome.Totals::windowSec),
                Math.round(median(all, RunOutcome.Totals::errors)), null, Math.round(median(all, RunOutcome.Totals::warmupRecords)));
    }

    /** Medians per percentile stay ordered: if every run has p50 <= p99, so do the medians. */
    private static LatencyStats medianLatency(List<Summary> runs, Function<Summary, LatencyStats> part) {
        List<LatencyStats> all = measured(runs, part);
        if (all.isEmpty()) {
            return null;
        }
        return new LatencyStats(Math.round(median(all, LatencyStats::count)), Math.round(median(all, LatencyStats::p50)),
                Math.round(median(all, LatencyStats::p95)), Math.round(median(all, LatencyStats::p99)),
                Math.round(median(all, LatencyStats::p999)), Math.round(median(all, LatencyStats::max)),
                median(all, LatencyStats::mean));
    }

    private static List<LatencyStats> measured(List<Summary> runs, Function<Summary, LatencyStats> part) {
        return runs.stream().map(part).filter(s -> s != null && s.count() > 0).toList();
    }

    private static double totalField(RunOutcome.Totals t, String field) {
        return switch (field) {
            case "records" -> t.records();
            case "bytes" -> t.bytes();
            case "recordsPerSec" -> t.recordsPerSec();
            case "mebibytesPerSec" -> t.mebibytesPerSec();
            case "windowSec" -> t.windowSec();
            default -> t.errors();
        };
    }

    private static <T> Spread spread(List<T> items, ToDoubleFunction<T> f) {
        return Spread.of(items.stream().map(i -> f.applyAsDouble(i)).toList());
    }

    private static <T> double median(List<T> items, ToDoubleFunction<T> f) {
        return spread(items, f).median();
    }
}
