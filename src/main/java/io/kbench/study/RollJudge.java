package io.kbench.study;

import io.kbench.kpi.Metric;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.statistics.EventCoincidence;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Judges a {@link RollFinding}: do a run's worst intervals coincide with segment rolls? */
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
        return judge(f, run.intervals(), run.telemetry() == null ? List.of() : run.telemetry().events());
    }

    /** The verdict of {@code f} on {@code intervals} and telemetry {@code events}. */
    static Judged judge(RollFinding f, List<IntervalPoint> intervals, List<TelemetryEvent> events) {
        Metric metric = Metric.parse(f.metric());
        List<IntervalPoint> measured = intervals == null ? List.of()
                : intervals.stream().filter(i -> i.phase() == IntervalPhase.MEASURED).toList();
        List<Double> rolls = events == null ? List.of() : events.stream()
                .filter(e -> e.type() == f.event()).map(TelemetryEvent::atSec).toList();
        if (measured.size() < 4) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, measured.size() + " measured interval(s): too few to rank", f.rule());
        }
        if (rolls.isEmpty()) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "no " + f.event().json() + " during the run (" + measured.size()
                    + " measured intervals)", f.rule());
        }
        List<Boolean> atRoll = new ArrayList<>();
        for (IntervalPoint m : measured) {
            int j = intervals.indexOf(m);
            // The interval before counts too: a roll's stall shows in the latency of records sent just after it.
            double start = j >= 2 ? intervals.get(j - 2).endSec() : 0;
            atRoll.add(rolls.stream().anyMatch(t -> t > start && t <= m.endSec()));
        }
        long allAt = atRoll.stream().filter(b -> b).count();
        if (allAt == 0) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "no " + f.event().json() + " in or just before a measured interval ("
                    + rolls.size() + " during the run, " + measured.size() + " measured intervals)", f.rule());
        }
        int worst = Math.max(1, (int) Math.ceil(measured.size() * f.worstShare()));
        boolean[] isWorst = worstSpikes(measured, metric, worst);
        boolean[] isAt = new boolean[measured.size()];
        int spikes = 0;
        for (int i = 0; i < isAt.length; i++) {
            isAt[i] = atRoll.get(i);
            spikes += isWorst[i] ? 1 : 0;
        }
        EventCoincidence.Result r = EventCoincidence.test(isWorst, isAt, ALPHA);
        String shown = String.format(Locale.ROOT, "%d of the %d worst spikes by %s at a %s (%.0f%%) vs %d of all %d "
                + "measured intervals (%.0f%%); %d such event(s)", r.observed(), spikes, f.metric(), f.event().json(),
                spikes == 0 ? 0.0 : 100.0 * r.observed() / spikes, allAt, measured.size(), 100.0 * allAt / measured.size(),
                rolls.size());
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

    /**
     * The {@code worst} intervals standing highest above their neighbours ({@link #spikeScores}), only those above
     * them at all: a run with fewer spikes marks fewer, rather than filling up with intervals at their local level.
     */
    private static boolean[] worstSpikes(List<IntervalPoint> measured, Metric metric, int worst) {
        double[] spike = spikeScores(measured, metric);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < spike.length; i++) {
            if (spike[i] > 1) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble((Integer i) -> spike[i]).reversed());
        boolean[] marked = new boolean[spike.length];
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
        int n = measured.size();
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = value(measured.get(i), metric);
        }
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
