package io.kbench.load;

import io.kbench.result.run.Schedule;
import io.kbench.result.run.Warmup;
import io.kbench.result.run.WarmupEnd;
import java.util.Locale;

/**
 * The rule that ends an auto warm-up (docs/warmup.md), judged once per report interval on the warm-up records of that
 * interval. An interval is <em>at the schedule</em> when warm-up records were acknowledged, none failed, and (at a fixed
 * rate) at least {@value #RATE_SHARE_PERCENT}% of the offered rate was acknowledged. Among intervals at the schedule, an
 * interval whose publish p99 is more than {@value #FALL_PERCENT}% below the lowest p99 so far is a new low: the p99 is
 * still falling. The warm-up ends as steady after {@value #STEADY_INTERVALS} intervals in a row at the schedule without
 * a new low, once the minimum has passed; at the cap it ends anyway. An interval off the schedule (a stall, a backlog
 * building, errors) starts the count and the lowest p99 afresh: what came before it says nothing about what follows.
 */
final class WarmupRule {
    static final int STEADY_INTERVALS = 3;
    static final int FALL_PERCENT = 10;
    static final int RATE_SHARE_PERCENT = (int) (Schedule.MET_RATIO * 100);

    private final double offeredPerSec;
    private final double minSec;
    private final double maxSec;
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
            lowestMicros = Double.NaN;
        } else if (Double.isNaN(lowestMicros) || p99Micros < lowestMicros * (1 - FALL_PERCENT / 100.0)) {
            steady = 0;
            lowestMicros = p99Micros;
            why = String.format(Locale.ROOT, "publish p99 still falling (%s, a new low)", ms(p99Micros));
        } else {
            steady++;
            lowestMicros = Math.min(lowestMicros, p99Micros);
            why = String.format(Locale.ROOT, "publish p99 %s, no new low by more than %d%% (lowest %s) in %d interval(s)"
                    + " in a row at the schedule", ms(p99Micros), FALL_PERCENT, ms(lowestMicros), steady);
        }
        if (steady >= STEADY_INTERVALS && endSec >= minSec) {
            return WarmupEnd.STEADY;
        }
        return endSec >= maxSec ? WarmupEnd.CAP : null;
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

    /** Intervals in a row at the schedule without a new p99 low, after the last {@link #judge}. */
    int steadyIntervals() {
        return steady;
    }

    /** What the last {@link #judge} saw, one phrase. */
    String why() {
        return why;
    }

    private static String ms(double micros) {
        return String.format(Locale.ROOT, "%.2f ms", micros / 1000);
    }

    /** An interval as result.json's warmup section records it. */
    static Warmup.Interval interval(double endSec, double ackedPerSec, double p99Micros, int steady) {
        return new Warmup.Interval(endSec, ackedPerSec, Double.isNaN(p99Micros) ? null : p99Micros, steady);
    }
}
