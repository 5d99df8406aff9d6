package io.kbench.measure;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Settling;
import io.kbench.result.run.Warmup;
import io.kbench.statistics.Mser;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the measured window after an auto warm-up had settled (docs/warmup.md#after-the-run-mser-5), judged once at
 * the end of the run on its interval series, never per record. The live rule can only end a warm-up on what it has
 * seen; a plateau it took for the low, followed by a lower one, shows only afterwards. So: MSER-5 ({@link Mser}) over the
 * logarithms of the measured intervals' publish p99s (p99s swing by factors, so a factor is what counts: one 300 ms
 * interval among 10 ms ones is an outlier, not a level), and the geometric mean p99 before its truncation point
 * compared with that after it. The window is:
 * <ul>
 *   <li><b>still settling</b> when the point lies within the window's first half and the p99 before it was at least
 *       {@value #MIN_RATIO}x that after: the warm-up ended early, and the window's first seconds carry its transient;</li>
 *   <li><b>not steady</b> when the two differ by {@value #MIN_RATIO}x or more either way and the point lies beyond the first
 *       half (MSER-5 finds no steady state: still falling past the middle), or the p99 rose across it;</li>
 *   <li><b>settled</b> otherwise: the point is at the start, or what it would cut differs by less than
 *       {@value #MIN_RATIO}x. MSER-5 always names some point; on stationary noise it lands at random, and the ratio
 *       keeps such points from being reported (on a stationary lognormal series with sigma 0.4, 20 intervals, 48 of
 *       1,000 seeded windows are still reported: SettlingRuleTest).</li>
 * </ul>
 * Under {@value Mser#MIN_BATCHES} batches of 5 intervals with a p99 (20 s at the default report interval) there is no
 * check: a half of fewer than two batches cannot hold a transient and a steady part both.
 */
public final class SettlingRule {
    /** How far apart the p99 before and after the truncation point must be for the point to matter. */
    public static final double MIN_RATIO = 1.5;
    static final String METHOD = "MSER-5";

    private SettlingRule() {
    }

    /** The check of the measured window in {@code intervals} (a run's whole series); null when it is too short. */
    public static Warmup.Check of(List<IntervalPoint> intervals) {
        List<IntervalPoint> measured = new ArrayList<>();
        double windowStart = Double.NaN;
        IntervalPoint previous = null;
        for (IntervalPoint p : intervals) {
            if (p.phase() == IntervalPhase.MEASURED) {
                if (Double.isNaN(windowStart)) {
                    windowStart = previous != null ? previous.endSec() : 0;
                }
                LatencyStats publish = p.publishLatencyMicros();
                if (publish != null && publish.count() > 0) {
                    measured.add(p);
                }
            }
            previous = p;
        }
        if (measured.size() < Mser.MIN_BATCHES * Mser.BATCH_SIZE) {
            return null;
        }
        double[] logs = measured.stream().mapToDouble(p -> Math.log(Math.max(1, p.publishLatencyMicros().p99()))).toArray();
        Mser mser = Mser.of(logs);
        int cut = mser.truncation();
        if (cut == 0) {
            return new Warmup.Check(METHOD, Settling.SETTLED, measured.size(), 0, null, MIN_RATIO);
        }
        double ratio = Math.exp(mean(logs, 0, cut) - mean(logs, cut, logs.length));
        double truncationSec = Math.max(0, measured.get(cut - 1).endSec() - windowStart);
        Settling verdict;
        if (ratio <= 1 / MIN_RATIO) {
            verdict = Settling.NOT_STEADY;
        } else if (ratio < MIN_RATIO) {
            verdict = Settling.SETTLED;
        } else {
            verdict = mser.settles() ? Settling.STILL_SETTLING : Settling.NOT_STEADY;
        }
        return new Warmup.Check(METHOD, verdict, measured.size(), truncationSec, ratio, MIN_RATIO);
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }
}
