package io.kbench.result.sweep;

import io.kbench.result.Spread;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A point's figures over its completed repetitions: every number of a run summary as {median, min, max, count},
 * and the summary made of the medians (what thresholds and the ranking judge).
 *
 * @param stats  the shape written to sweep.json: produced/consumed totals and latency objects of spreads
 * @param median    a run summary whose every figure is the median over the repetitions
 * @param variation how much the repetitions disagree; null with fewer than two
 */
public record PointSummary(SweepResult.Stats stats, Summary median, SweepResult.Variation variation) {
    /** Summarises at least one completed run. */
    public static PointSummary of(List<Summary> runs) {
        return of(runs, List.of());
    }

    /**
     * Summarises at least one completed run, with the CPU per record each recorded ({@code cpu}: one per run that
     * recorded it, in any order; empty when none did).
     */
    public static PointSummary of(List<Summary> runs, List<LoadCpu> cpu) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a point summary needs at least one completed run");
        }
        SweepResult.Stats stats = new SweepResult.Stats(runs.size(), runs.get(0).latencyMeasuredFrom(),
                totals(runs, Summary::produced), totals(runs, Summary::consumed),
                latency(runs, Summary::publishLatencyMicros), latency(runs, Summary::endToEndLatencyMicros),
                latency(runs, Summary::sendDelayMicros), cpu(cpu));
        return new PointSummary(stats, medianOf(stats), variation(runs));
    }

    private static SweepResult.SideSpread cpu(List<LoadCpu> runs) {
        Spread producers = sideSpread(runs, LoadCpu::producers);
        Spread consumers = sideSpread(runs, LoadCpu::consumers);
        return producers == null && consumers == null ? null : new SweepResult.SideSpread(producers, consumers);
    }

    private static Spread sideSpread(List<LoadCpu> runs, Function<LoadCpu, LoadCpu.Side> side) {
        List<Double> values = runs.stream().map(side).filter(Objects::nonNull).map(LoadCpu.Side::cpuMicrosPerRecord)
                .toList();
        return values.isEmpty() ? null : Spread.of(values);
    }

    /** Coefficients of variation of the headline figures; null with fewer than two runs. */
    public static SweepResult.Variation variation(List<Summary> runs) {
        if (runs.size() < 2) {
            return null;
        }
        Double produced = cv(runs.stream().map(Summary::produced).filter(Objects::nonNull).map(Totals::recordsPerSec).toList());
        Double publish = cv(measured(runs, Summary::publishLatencyMicros).stream().map(l -> (double) l.p99()).toList());
        Double e2e = cv(measured(runs, Summary::endToEndLatencyMicros).stream().map(l -> (double) l.p99()).toList());
        boolean noisy = List.of(produced, publish, e2e == null ? 0.0 : e2e).stream()
                .anyMatch(c -> c != null && c > SweepResult.Variation.NOISY_CV_PERCENT);
        return new SweepResult.Variation(produced, publish, e2e, noisy);
    }

    /** Sample standard deviation over mean, in %; null with fewer than two values or a zero mean. */
    public static Double cv(List<Double> values) {
        if (values.size() < 2) {
            return null;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        if (mean == 0) {
            return null;
        }
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (values.size() - 1)) / Math.abs(mean) * 100;
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
    /**
     * The run summary made of the medians in {@code stats}, as thresholds and the ranking judge it. Built from the
     * sweep.json shape so that a sweep read back from its file ranks and judges its points as the run did. Counts
     * and latencies are whole numbers in a run summary, so their medians are rounded; warm-up records are not kept.
     */
    public static Summary medianOf(SweepResult.Stats stats) {
        return new Summary(stats.latencyMeasuredFrom(), medianTotals(stats.produced()), medianTotals(stats.consumed()),
                medianLatency(stats.publishLatencyMicros()), medianLatency(stats.endToEndLatencyMicros()),
                medianLatency(stats.sendDelayMicros()), null);
    }

    private static Totals medianTotals(SweepResult.TotalsSpread t) {
        if (t == null) {
            return null;
        }
        return new Totals(rounded(t.records()), rounded(t.bytes()), median(t.recordsPerSec()),
                median(t.mebibytesPerSec()), median(t.windowSec()), rounded(t.errors()), null, 0, null, null);
    }

    /** Medians per percentile stay ordered: if every run has p50 <= p99, so do the medians. */
    private static LatencyStats medianLatency(SweepResult.LatencySpread l) {
        if (l == null) {
            return null;
        }
        return new LatencyStats(rounded(l.count()), rounded(l.p50()), rounded(l.p95()), rounded(l.p99()),
                rounded(l.p999()), rounded(l.max()), median(l.mean()));
    }

    /** A figure a hand-written sweep.json leaves out reads as 0 (kbench writes them all). */
    private static double median(Spread s) {
        return s == null ? 0 : s.median();
    }

    private static long rounded(Spread s) {
        return Math.round(median(s));
    }

    private static List<LatencyStats> measured(List<Summary> runs, Function<Summary, LatencyStats> part) {
        return runs.stream().map(part).filter(s -> s != null && s.count() > 0).toList();
    }

    private static <T> Spread spread(List<T> items, ToDoubleFunction<T> f) {
        return Spread.of(items.stream().map(i -> f.applyAsDouble(i)).toList());
    }
}
