package io.kbench.result.run;

import java.util.Locale;
import java.util.Optional;

/**
 * The one rule for a measured window too short to trust (docs/results.md#short-windows): under {@link #MIN_SECONDS}
 * seconds or {@link #MIN_INTERVALS} report intervals, a rate is mostly start-up and shut-down and a percentile rests on
 * a few batches. Flagged wherever a window's figures are shown: the run summary, sweep tables, find-max and compare.
 */
public final class ShortWindow {
    /** Fewest seconds of measured window whose figures are not flagged. */
    public static final double MIN_SECONDS = 5;
    /** Fewest measured report intervals whose figures are not flagged. */
    public static final int MIN_INTERVALS = 5;

    private ShortWindow() {
    }

    /**
     * The flag for a window of {@code windowSec} seconds over {@code measuredIntervals} report intervals (negative:
     * not known, judged on seconds alone); empty when the window is long enough.
     */
    public static Optional<String> flag(double windowSec, int measuredIntervals) {
        boolean shortSeconds = windowSec < MIN_SECONDS;
        boolean fewIntervals = measuredIntervals >= 0 && measuredIntervals < MIN_INTERVALS;
        if (!shortSeconds && !fewIntervals) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "short window: %.1f s measured%s (under %.0f s or %d report"
                + " intervals): its rates and percentiles are noisy", windowSec,
                measuredIntervals >= 0 ? " in " + measuredIntervals + " interval(s)" : "", MIN_SECONDS, MIN_INTERVALS));
    }

    /** The flag for a run: its produced window (else consumed) and its measured intervals. */
    public static Optional<String> flag(Summary summary, java.util.List<IntervalPoint> intervals) {
        Totals t = summary == null ? null : summary.produced() != null && summary.produced().records() > 0
                ? summary.produced() : summary.consumed();
        if (t == null) {
            return Optional.empty();
        }
        int measured = intervals == null ? -1
                : (int) intervals.stream().filter(p -> p.phase() == IntervalPhase.MEASURED).count();
        return flag(t.windowSec(), measured);
    }
}
