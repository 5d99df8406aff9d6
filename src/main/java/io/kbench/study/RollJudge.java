package io.kbench.study;

import io.kbench.kpi.Metric;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.statistics.EventCoincidence;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Judges a {@link RollFinding}: do a run's worst intervals coincide with segment rolls, flushes or a series' rises? */
public final class RollJudge {
    /** One-sided level of the coincidence test: the upper tail of the findings' two-sided 95% intervals. */
    static final double ALPHA = 0.025;
    /** Intervals in the moving window a spike is measured against (odd: the interval in its middle). */
    static final int NEIGHBOURHOOD = 11;

    private RollJudge() {
    }

    /** The verdict of {@code f} on its kept run. */
    public static Judged judge(RollFinding f, KeptResults kept) {
        if (!kept.has(f.data())) {
            return Judged.notMeasured("no kept result " + f.data() + "; run its scenario and keep result.json");
        }
        RunResult run = kept.get(f.data(), RunResult.class);
        Telemetry t = run.telemetry();
        if (f.series() != null) {
            return judgeSeries(f, run.intervals(), t == null ? List.of() : t.series());
        }
        return judge(f, run.intervals(), t == null ? List.of() : t.events());
    }

    /** The verdict of {@code f} on {@code intervals} and telemetry {@code events}. */
    static Judged judge(RollFinding f, List<IntervalPoint> intervals, List<TelemetryEvent> events) {
        List<IntervalPoint> measured = measured(intervals);
        List<Double> rolls = events == null ? List.of() : events.stream()
                .filter(e -> e.type() == f.event()).map(TelemetryEvent::atSec).toList();
        if (measured.size() < 4) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, measured.size() + " measured interval(s): too few to rank", f.rule());
        }
        if (rolls.isEmpty()) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "no " + f.event().json() + " during the run (" + measured.size()
                    + " measured intervals)", f.rule());
        }
        boolean[] isAt = new boolean[measured.size()];
        for (int i = 0; i < isAt.length; i++) {
            IntervalPoint m = measured.get(i);
            int j = intervals.indexOf(m);
            // The interval before counts too: a roll's stall shows in the latency of records sent just after it.
            double start = j >= 2 ? intervals.get(j - 2).endSec() : 0;
            isAt[i] = rolls.stream().anyMatch(t -> t > start && t <= m.endSec());
        }
        if (count(isAt) == 0) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "no " + f.event().json() + " in or just before a measured interval ("
                    + rolls.size() + " during the run, " + measured.size() + " measured intervals)", f.rule());
        }
        return coincide(f, measured, isAt, String.format(Locale.ROOT, "; %d such event(s)", rolls.size()));
    }

    /**
     * The verdict of {@code f} (a series finding) on {@code intervals} and the telemetry {@code series}: an interval is
     * at a rise when the series, at its highest source, is among the worst share of intervals standing highest above the
     * median of the intervals around it, ranked as the spikes are.
     */
    static Judged judgeSeries(RollFinding f, List<IntervalPoint> intervals, List<TelemetrySeries> series) {
        List<IntervalPoint> measured = measured(intervals);
        if (measured.size() < 4) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, measured.size() + " measured interval(s): too few to rank", f.rule());
        }
        List<TelemetrySeries> sampled = series == null ? List.of()
                : series.stream().filter(s -> s.metric() == f.series()).toList();
        if (sampled.isEmpty()) {
            return Judged.notMeasured("the kept run " + f.data() + " has no " + f.series().json() + " series (telemetry off, "
                    + "or a source that does not sample it)");
        }
        double[] v = new double[measured.size()];
        for (int i = 0; i < v.length; i++) {
            int j = intervals.indexOf(measured.get(i));
            v[i] = sampled.stream().map(s -> j < s.values().size() ? s.values().get(j) : null)
                    .filter(x -> x != null && !x.isNaN()).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        }
        // Ranked as the spikes are, the same share of them: a rise stands out from its neighbours as a spike does, so a
        // nearly idle disk's 0.9-1.1% wobble is not taken for "increased disk I/O" beside its writeback bursts.
        boolean[] isAt = highest(overLocalMedian(v), worstCount(f, measured));
        if (count(isAt) == 0) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "no measured interval where " + f.series().json() + " stands above "
                    + "its neighbours (" + measured.size() + " measured intervals)", f.rule());
        }
        return coincide(f, measured, isAt, "");
    }

    /** The coincidence test of the worst spikes with the intervals flagged {@code isAt}. */
    private static Judged coincide(RollFinding f, List<IntervalPoint> measured, boolean[] isAt, String events) {
        long allAt = count(isAt);
        boolean[] isWorst = highest(spikeScores(measured, Metric.parse(f.metric())), worstCount(f, measured));
        int spikes = count(isWorst);
        EventCoincidence.Result r = EventCoincidence.test(isWorst, isAt, ALPHA);
        String shown = String.format(Locale.ROOT, "%d of the %d worst spikes by %s at a %s (%.0f%%) vs %d of all %d "
                + "measured intervals (%.0f%%)%s", r.observed(), spikes, f.metric(), f.marker(),
                spikes == 0 ? 0.0 : 100.0 * r.observed() / spikes, allAt, measured.size(), 100.0 * allAt / measured.size(),
                events);
        if (allAt == measured.size()) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, shown + "; every interval is at one, so none without it is left to "
                    + "compare with", f.rule());
        }
        if (spikes == 0) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, shown + "; no interval stands above its neighbours", f.rule());
        }
        String test = String.format(Locale.ROOT, "; %.2fx chance's share (%.1f expected), circular-shift p = %.3f (%d "
                + "shifts)", r.lift(), r.expected(), r.pAbove(), r.shifts());
        if (r.pAbove() <= ALPHA) {
            return new Judged(ClaimVerdict.HELD, shown + test, f.rule());
        }
        boolean couldSeeHalf = r.detectable() >= 0 && r.detectable() <= (spikes + 1) / 2;
        if (r.observed() <= r.expected() && couldSeeHalf) {
            return new Judged(ClaimVerdict.CONTRADICTED, shown + test + String.format(Locale.ROOT, "; no more often than "
                    + "chance, where about %d of the %d at one would have been decided", r.detectable(), spikes), f.rule());
        }
        String could = r.detectable() < 0
                ? "; these intervals cannot decide: no count of the worst at one would lie beyond chance (a short run, or "
                + "events so evenly spaced that shifted copies line up with them too)"
                : String.format(Locale.ROOT, "; undecided: these intervals could detect about %d of the %d worst at one "
                        + "(%.2fx chance's share) or more", r.detectable(), spikes, r.detectable() / r.expected());
        return new Judged(ClaimVerdict.INCONCLUSIVE, shown + test + could, f.rule());
    }

    private static List<IntervalPoint> measured(List<IntervalPoint> intervals) {
        return intervals == null ? List.of() : intervals.stream().filter(i -> i.phase() == IntervalPhase.MEASURED).toList();
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean b : flags) {
            n += b ? 1 : 0;
        }
        return n;
    }

    /** How many intervals the worst share of {@code measured} is, at least one. */
    private static int worstCount(RollFinding f, List<IntervalPoint> measured) {
        return Math.max(1, (int) Math.ceil(measured.size() * f.worstShare()));
    }

    /**
     * The {@code worst} intervals standing highest above their neighbours ({@link #overLocalMedian} scores), only
     * those above them at all: a run with fewer spikes marks fewer, rather than filling up with intervals at their local
     * level.
     */
    private static boolean[] highest(double[] score, int worst) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < score.length; i++) {
            if (score[i] > 1) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble((Integer i) -> score[i]).reversed());
        boolean[] marked = new boolean[score.length];
        order.subList(0, Math.min(worst, order.size())).forEach(i -> marked[i] = true);
        return marked;
    }

    /**
     * Each interval's figure over the median of the {@link #NEIGHBOURHOOD} intervals centred on it (fewer at the
     * run's ends): a spike stands above its neighbours, while a slow rise or fall (consumers working off a backlog)
     * moves the median with it. The moving median as the local level is Hampel's outlier identifier's (F. R. Hampel
     * 1974, "The influence curve and its role in robust estimation", JASA 69(346)).
     */
    static double[] spikeScores(List<IntervalPoint> measured, Metric metric) {
        double[] v = new double[measured.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(measured.get(i), metric);
        }
        return overLocalMedian(v);
    }

    /** Each of {@code v} over the median of the {@link #NEIGHBOURHOOD} values centred on it; NaN where there is none. */
    static double[] overLocalMedian(double[] v) {
        int n = v.length;
        double[] score = new double[n];
        int half = NEIGHBOURHOOD / 2;
        for (int i = 0; i < n; i++) {
            double[] window = java.util.Arrays.stream(v, Math.max(0, i - half), Math.min(n, i + half + 1))
                    .filter(x -> !Double.isNaN(x)).sorted().toArray();
            double m = window.length == 0 ? Double.NaN : window.length % 2 == 1 ? window[window.length / 2]
                    : (window[window.length / 2 - 1] + window[window.length / 2]) / 2;
            // No figure (an interval without records) or no level to stand above: never a spike.
            score[i] = Double.isNaN(v[i]) || !(m > 0) ? Double.NaN : v[i] / m;
        }
        return score;
    }

    private static double value(IntervalPoint p, Metric m) {
        LatencyStats s = switch (m.group()) {
            case "publish" -> p.publishLatencyMicros();
            case "e2e" -> p.endToEndLatencyMicros();
            default -> p.sendDelayMicros();
        };
        if (s == null) {
            return Double.NaN;
        }
        return switch (m.field()) {
            case "p50" -> s.p50();
            case "p95" -> s.p95();
            case "p99" -> s.p99();
            case "p999" -> s.p999();
            case "max" -> s.max();
            default -> s.mean();
        };
    }
}
