package io.kbench.study;

import io.kbench.kpi.Metric;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.TelemetryEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Judges a {@link RollFinding}: do a run's worst intervals coincide with segment rolls? */
public final class RollJudge {
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
        int worst = Math.max(1, (int) Math.ceil(measured.size() * f.worstShare()));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> value(measured.get(i), metric)).reversed());
        long worstAt = order.subList(0, worst).stream().filter(atRoll::get).count();
        long allAt = atRoll.stream().filter(b -> b).count();
        double worstShare = (double) worstAt / worst;
        double allShare = (double) allAt / measured.size();
        String shown = String.format(Locale.ROOT, "%d of the %d worst intervals by %s at a %s (%.0f%%) vs %d of all %d "
                + "measured intervals (%.0f%%); %d such event(s)", worstAt, worst, f.metric(), f.event().json(), worstShare * 100, allAt,
                measured.size(), allShare * 100, rolls.size());
        if (allAt == measured.size()) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, shown + "; every interval is at one", f.rule());
        }
        ClaimVerdict v = worstShare >= 0.5 && worstShare >= 2 * allShare ? ClaimVerdict.HELD
                : worstShare <= allShare ? ClaimVerdict.CONTRADICTED : ClaimVerdict.INCONCLUSIVE;
        return new Judged(v, shown, f.rule());
    }

    private static double value(IntervalPoint p, Metric m) {
        LatencyStats s = switch (m.group()) {
            case "publish" -> p.publishLatencyMicros();
            case "e2e" -> p.endToEndLatencyMicros();
            default -> p.sendDelayMicros();
        };
        if (s == null) {
            return 0;
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
