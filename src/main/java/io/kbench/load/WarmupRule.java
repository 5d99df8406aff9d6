package io.kbench.load;

import io.kbench.result.run.Schedule;
import io.kbench.result.run.Warmup;
import io.kbench.result.run.WarmupEnd;
import io.kbench.unit.FigureText;
import java.util.Arrays;
import java.util.Locale;

/**
 * The rule that ends an auto warm-up (docs/warmup.md), judged once per report interval on the warm-up records of that
 * interval. An interval is <em>at the schedule</em> when warm-up records were acknowledged, none failed, and (at a fixed
 * rate) at least {@value #RATE_SHARE_PERCENT}% of the offered rate was acknowledged. The rule judges the <em>level</em>
 * of the publish p99, the median of the last {@value #LEVEL_INTERVALS} interval p99s at the schedule, not single
 * intervals: one lucky low interval is not a level, and one slow interval does not end a steady stretch. A level more
 * than {@value #FALL_PERCENT}% below the lowest level so far is a new low: the p99 is still falling. A level is <em>at
 * the low</em> when it is no more than {@value #AT_LOW_FACTOR} x the lowest level. The warm-up ends as steady after
 * {@value #STEADY_INTERVALS} levels in a row at the low without a new low, once the minimum has passed; at the cap it
 * ends anyway. An interval off the schedule (a stall, a backlog building, errors) starts the level, the count and the
 * lowest level afresh: what came before it says nothing about what follows.
 *
 * <p>Why these numbers: with interval p99s drawn from a stationary lognormal (median 10 ms, sigma 0.4, about the
 * spread of a quiet quick start), the rule ends by the 15th interval in 982 of 1,000 seeds and reaches a 60 s cap
 * in none (WarmupRuleTest); the same simulation with a band of 1.5x ended by the 15th in 84% and capped in 2.4%,
 * because the lowest of many medians is itself a low outlier. Whether the measured window was settled after all is judged after the run, by MSER-5 on its
 * interval p99s ({@code io.kbench.measure.SettlingRule}).
 */
final class WarmupRule {
    static final int STEADY_INTERVALS = 3;
    static final int LEVEL_INTERVALS = 3;
    static final int FALL_PERCENT = 10;
    static final double AT_LOW_FACTOR = 2.0;
    static final int RATE_SHARE_PERCENT = (int) (Schedule.MET_RATIO * 100);

    private final double offeredPerSec;
    private final double minSec;
    private final double maxSec;
    /** The last {@link #LEVEL_INTERVALS} p99s at the schedule, oldest first once full. */
    private final double[] recent = new double[LEVEL_INTERVALS];
    private int recentCount;
    private double lowestMicros = Double.NaN;
    private int steady;
    private String why = "no interval judged yet";

    /** {@code offeredPerSec} 0 for an unlimited rate. */
    WarmupRule(double offeredPerSec, double minSec, double maxSec) {
        this.offeredPerSec = offeredPerSec;
        this.minSec = minSec;
        this.maxSec = maxSec;
    }

    /**
     * Judges the interval ending {@code endSec} after the producers' start, with {@code ackedPerSec} warm-up records
     * acknowledged per second, {@code errors} failed sends and publish p99 {@code p99Micros} (NaN when none was
     * acknowledged); returns how the warm-up ends, or null while it goes on.
     */
    WarmupEnd judge(double endSec, double ackedPerSec, long errors, double p99Micros) {
        if (!atSchedule(ackedPerSec, errors, p99Micros)) {
            steady = 0;
            recentCount = 0;
            lowestMicros = Double.NaN;
        } else {
            judgeLevel(p99Micros);
        }
        if (steady >= STEADY_INTERVALS && endSec >= minSec) {
            return WarmupEnd.STEADY;
        }
        return endSec >= maxSec ? WarmupEnd.CAP : null;
    }

    private void judgeLevel(double p99Micros) {
        if (recentCount == LEVEL_INTERVALS) {
            System.arraycopy(recent, 1, recent, 0, LEVEL_INTERVALS - 1);
            recentCount--;
        }
        recent[recentCount++] = p99Micros;
        if (recentCount < LEVEL_INTERVALS) {
            steady = 0;
            why = String.format(Locale.ROOT, "publish p99 %s; the level takes %d intervals at the schedule (%d so far)",
                    ms(p99Micros), LEVEL_INTERVALS, recentCount);
            return;
        }
        double level = level();
        if (Double.isNaN(lowestMicros) || level < lowestMicros * (1 - FALL_PERCENT / 100.0)) {
            steady = 0;
            lowestMicros = level;
            why = String.format(Locale.ROOT, "level p99 %s, a new low: still falling", ms(level));
        } else if (level > lowestMicros * AT_LOW_FACTOR) {
            steady = 0;
            why = String.format(Locale.ROOT, "level p99 %s, more than %sx the lowest level %s: not at the low", ms(level),
                    factor(), ms(lowestMicros));
        } else {
            steady++;
            lowestMicros = Math.min(lowestMicros, level);
            why = String.format(Locale.ROOT, "level p99 %s (lowest level %s), at the low in %d interval(s) in a row at the"
                    + " schedule", ms(level), ms(lowestMicros), steady);
        }
    }

    /** The median of the last {@link #LEVEL_INTERVALS} p99s. */
    private double level() {
        double[] sorted = Arrays.copyOf(recent, LEVEL_INTERVALS);
        Arrays.sort(sorted);
        return sorted[LEVEL_INTERVALS / 2];
    }

    private boolean atSchedule(double ackedPerSec, long errors, double p99Micros) {
        if (errors > 0) {
            why = errors + " warm-up send(s) failed";
            return false;
        }
        if (ackedPerSec <= 0 || Double.isNaN(p99Micros)) {
            why = "no warm-up record acknowledged";
            return false;
        }
        if (offeredPerSec > 0 && ackedPerSec < Schedule.MET_RATIO * offeredPerSec) {
            why = String.format(Locale.ROOT, "schedule not met (%,.0f of %,.0f records/s acknowledged)", ackedPerSec,
                    offeredPerSec);
            return false;
        }
        return true;
    }

    /** Levels in a row at the low without a new low, after the last {@link #judge}. */
    int steadyIntervals() {
        return steady;
    }

    /** What the last {@link #judge} saw, one phrase. */
    String why() {
        return why;
    }

    private static String factor() {
        return AT_LOW_FACTOR == Math.rint(AT_LOW_FACTOR) ? String.format(Locale.ROOT, "%.0f", AT_LOW_FACTOR)
                : String.format(Locale.ROOT, "%.2f", AT_LOW_FACTOR);
    }

    private static String ms(double micros) {
        return FigureText.fromMicros(micros);
    }

    /** An interval as result.json's warmup section records it. */
    static Warmup.Interval interval(double endSec, double ackedPerSec, double p99Micros, int steady) {
        return new Warmup.Interval(endSec, ackedPerSec, Double.isNaN(p99Micros) ? null : p99Micros, steady);
    }
}
