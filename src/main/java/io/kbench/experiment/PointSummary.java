package io.kbench.experiment;

import io.kbench.result.Totals;
import io.kbench.result.Spread;
import io.kbench.result.LatencyStats;
import io.kbench.result.Summary;
import io.kbench.result.SweepResult;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A point's figures over its completed repetitions: every number of a run summary as {median, min, max, count},
 * and the summary made of the medians (what thresholds and the ranking judge).
 *
 * @param stats  the shape written to sweep.json: produced/consumed totals and latency objects of spreads
 * @param median a run summary whose every figure is the median over the repetitions
 */
public record PointSummary(SweepResult.Stats stats, Summary median) {
    /** Summarises at least one completed run. */
    public static PointSummary of(List<Summary> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a point summary needs at least one completed run");
        }
        SweepResult.Stats stats = new SweepResult.Stats(runs.size(), runs.get(0).latencyMeasuredFrom(),
                totals(runs, Summary::produced), totals(runs, Summary::consumed),
                latency(runs, Summary::publishLatencyMicros), latency(runs, Summary::endToEndLatencyMicros),
                latency(runs, Summary::sendDelayMicros));
        Summary median = new Summary(runs.get(0).latencyMeasuredFrom(),
                medianTotals(runs, Summary::produced), medianTotals(runs, Summary::consumed),
                medianLatency(runs, Summary::publishLatencyMicros), medianLatency(runs, Summary::endToEndLatencyMicros),
                medianLatency(runs, Summary::sendDelayMicros));
        return new PointSummary(stats, median);
    }

    private static SweepResult.TotalsSpread totals(List<Summary> runs, Function<Summary, Totals> part) {
        List<Totals> all = runs.stream().map(part).filter(Objects::nonNull).toList();
        if (all.isEmpty()) {
            return null;
        }
        return new SweepResult.TotalsSpread(spread(all, Totals::records), spread(all, Totals::bytes),
                spread(all, Totals::recordsPerSec), spread(all, Totals::mebibytesPerSec),
                spread(all, Totals::windowSec), spread(all, Totals::errors));
    }

    private static SweepResult.LatencySpread latency(List<Summary> runs, Function<Summary, LatencyStats> part) {
        List<LatencyStats> all = measured(runs, part);
        if (all.isEmpty()) {
            return null;
        }
        return new SweepResult.LatencySpread(spread(all, LatencyStats::count), spread(all, LatencyStats::p50),
                spread(all, LatencyStats::p95), spread(all, LatencyStats::p99), spread(all, LatencyStats::p999),
                spread(all, LatencyStats::max), spread(all, LatencyStats::mean));
    }
    private static Totals medianTotals(List<Summary> runs, Function<Summary, Totals> part) {
        List<Totals> all = runs.stream().map(part).filter(Objects::nonNull).toList();
        if (all.isEmpty()) {
            return null;
        }
        return new Totals(Math.round(median(all, Totals::records)),
                Math.round(median(all, Totals::bytes)), median(all, Totals::recordsPerSec),
                median(all, Totals::mebibytesPerSec), median(all, Totals::windowSec),
                Math.round(median(all, Totals::errors)), null, Math.round(median(all, Totals::warmupRecords)));
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

    private static <T> Spread spread(List<T> items, ToDoubleFunction<T> f) {
        return Spread.of(items.stream().map(i -> f.applyAsDouble(i)).toList());
    }

    private static <T> double median(List<T> items, ToDoubleFunction<T> f) {
        return spread(items, f).median();
    }
}
