package io.kbench.diagnosis;

import io.kbench.result.telemetry.LatencySpike;
import io.kbench.result.telemetry.SeriesMove;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The worst latency intervals and what coincided: the events within one interval length of the spike interval, and
 * the series that moved with p99 over the run: a Pearson correlation that keeps at least {@link
 * Thresholds#MOVER_MIN_CORRELATION} in absolute value with any one interval left out, significant at {@link
 * Thresholds#MOVER_ALPHA} over the number of series tried (Bonferroni), ranked by its absolute value, among those
 * sampled at the spike.
 */
final class Spikes {
    private Spikes() {
    }

    static String method(RunEvidence e) {
        return "spikes: the " + Thresholds.SPIKES + " measured intervals with the highest " + e.latencyName()
                + " p99; events: within one interval length before or after the spike interval; movers: Pearson"
                + " correlation of each series with the interval " + e.latencyName() + " p99 over the measured"
                + " intervals where both were sampled (at least " + Thresholds.MOVER_MIN_POINTS + "), a mover when,"
                + " with any one interval left out, its absolute value stays at least "
                + Thresholds.MOVER_MIN_CORRELATION + " and its p-value (Student's t, two-sided) below "
                + Thresholds.MOVER_ALPHA + " divided by the number of series tried (Bonferroni): a coincidence at one"
                + " interval is no mover; ranked by its absolute value, at most " + Thresholds.MOVERS + " per spike";
    }

    static List<LatencySpike> find(RunEvidence e) {
        List<SeriesMove> ranked = ranked(e);
        List<LatencySpike> spikes = new ArrayList<>();
        for (int i : e.worstIntervals(Thresholds.SPIKES)) {
            List<SeriesMove> movers = ranked.stream().filter(m -> sampledAt(e, m, i)).limit(Thresholds.MOVERS).toList();
            spikes.add(new LatencySpike(e.endSec(i), e.p99Micros(i), events(e, i), movers));
        }
        return spikes;
    }

    private static List<TelemetryEvent> events(RunEvidence e, int i) {
        double length = e.lengthSec(i);
        double from = e.endSec(i) - 2 * length;
        double to = e.endSec(i) + length;
        return e.telemetry().events().stream().filter(ev -> ev.atSec() >= from && ev.atSec() <= to)
                .sorted(Comparator.comparingDouble(TelemetryEvent::atSec)).toList();
    }

    private static List<SeriesMove> ranked(RunEvidence e) {
        List<SeriesMove> tried = new ArrayList<>();
        for (TelemetrySeries s : e.telemetry().series()) {
            e.robustCorrelationWithP99(s).ifPresent(r -> tried.add(new SeriesMove(s.metric(), s.source(), r.r(),
                    r.points(), r.leaveOneOut(), r.p())));
        }
        double alpha = Thresholds.MOVER_ALPHA / Math.max(1, tried.size());
        List<SeriesMove> moves = new ArrayList<>(tried.stream().filter(m -> Math.abs(m.leaveOneOut())
                >= Thresholds.MOVER_MIN_CORRELATION && m.p() < alpha).toList());
        moves.sort(Comparator.comparingDouble((SeriesMove m) -> Math.abs(m.correlation())).reversed());
        return moves;
    }

    private static boolean sampledAt(RunEvidence e, SeriesMove m, int i) {
        return e.telemetry().series().stream().filter(s -> s.metric() == m.metric() && s.source().equals(m.source()))
                .anyMatch(s -> !Double.isNaN(RunEvidence.value(s, i)));
    }
}
