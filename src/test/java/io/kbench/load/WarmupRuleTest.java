package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.WarmupEnd;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The auto warm-up's rule on made-up interval figures (docs/warmup.md): at the schedule, the level (the median of the
 * last 3 interval p99s) no longer falling and at the low.
 */
class WarmupRuleTest {
    private static final double RATE = 20_000;

    /** Feeds one interval per second of {@code p99Ms} at the full rate; returns the second it ended and how. */
    private static String run(WarmupRule rule, double... p99Ms) {
        for (int i = 0; i < p99Ms.length; i++) {
            WarmupEnd end = rule.judge(i + 1, RATE, 0, p99Ms[i] * 1000);
            if (end != null) {
                return end + " at " + (i + 1);
            }
        }
        return "going on";
    }

    @Test
    void aLuckyLowThenHighIntervalsIsNotSteady() {
        // The sequence: the first rule took the lone 9 ms as the low and ended at the third high interval (37 ms),
        // since none of 31, 33, 37 was a new low. Judged on levels, 9 ms is no level: the first is 31 ms (40, 9, 31), and
        // the rule ends no earlier than the sixth interval, on levels 31, 31, 33, 33.
        WarmupRule rule = new WarmupRule(RATE, 3, 60);
        assertThat(run(rule, 40, 9, 31, 33, 37)).isEqualTo("going on");
        assertThat(rule.why()).isEqualTo("level p99 33.0 ms (lowest level 31.0 ms), at the low in 2 interval(s) in a row"
                + " at the schedule");
        assertThat(rule.judge(6, RATE, 0, 12_000)).isEqualTo(WarmupEnd.STEADY);
    }

    @Test
    void endsAfterThreeLevelsAtTheLowWithoutANewLowByMoreThanTenPercent() {
        // Levels 100, 50, 20, 12 are new lows; 11 (12, 10, 11) is under 12 by less than 10%, then 10.5 and 11: steady.
        assertThat(run(new WarmupRule(RATE, 3, 60), 240, 100, 50, 20, 12, 10, 11, 10.5, 12, 11)).isEqualTo("steady at 9");
    }

    @Test
    void aLevelAboveTwiceTheLowIsNotAtTheLow() {
        // 10 ms for three intervals, then 25 ms for good: the level rises to 25 ms, 2.5x the low; the p99 is no longer
        // falling, but the run is not at the low it showed, so the warm-up goes on to its cap.
        WarmupRule rule = new WarmupRule(RATE, 3, 9);
        assertThat(run(rule, 10, 10, 10, 25, 25, 25, 25, 25, 25)).isEqualTo("cap at 9");
        assertThat(rule.why()).isEqualTo("level p99 25.0 ms, more than 2x the lowest level 10.0 ms: not at the low");
        assertThat(rule.steadyIntervals()).isZero();
    }

    @Test
    void aFallingP99KeepsTheWarmUpGoingUntilTheCap() {
        assertThat(run(new WarmupRule(RATE, 3, 5), 100, 80, 60, 40, 20)).isEqualTo("cap at 5");
        WarmupRule rule = new WarmupRule(RATE, 3, 60);
        assertThat(run(rule, 100, 80, 60, 40, 20, 10)).isEqualTo("going on");
        assertThat(rule.why()).isEqualTo("level p99 20.0 ms, a new low: still falling");
    }

    @Test
    void theEarliestEndIsTheSixthInterval() {
        // Three intervals make the first level, the low; three more levels at it end the warm-up.
        WarmupRule rule = new WarmupRule(RATE, 0, 60);
        assertThat(run(rule, 5, 5)).isEqualTo("going on");
        assertThat(rule.why()).isEqualTo("publish p99 5.00 ms; the level takes 3 intervals at the schedule (2 so far)");
        assertThat(run(new WarmupRule(RATE, 0, 60), 5, 5, 5, 5, 5, 5, 5)).isEqualTo("steady at 6");
    }

    @Test
    void theMinimumHoldsEvenWhenSteadyAtOnce() {
        WarmupRule rule = new WarmupRule(RATE, 8, 60);
        assertThat(run(rule, 5, 5, 5, 5, 5, 5, 5)).isEqualTo("going on");
        assertThat(rule.steadyIntervals()).isEqualTo(4);
        assertThat(rule.judge(8, RATE, 0, 5000)).isEqualTo(WarmupEnd.STEADY);
    }

    @Test
    void anIntervalOffTheScheduleStartsTheLevelTheCountAndTheLowAfresh() {
        WarmupRule rule = new WarmupRule(RATE, 0, 60);
        for (int s = 1; s <= 4; s++) {
            assertThat(rule.judge(s, RATE, 0, 5000)).isNull();
        }
        assertThat(rule.steadyIntervals()).isEqualTo(1);
        // A stall (a paused broker): nothing acknowledged.
        assertThat(rule.judge(5, 0, 0, Double.NaN)).isNull();
        assertThat(rule.why()).isEqualTo("no warm-up record acknowledged");
        assertThat(rule.steadyIntervals()).isZero();
        // The backlog drains above the rate with a high, falling p99: a fresh level (900, 300, 6: 300 ms), then new
        // lows; the old 5 ms low is gone with the stall, so 6 ms levels are at the low.
        assertThat(rule.judge(6, 2 * RATE, 0, 900_000)).isNull();
        assertThat(rule.judge(7, RATE, 0, 300_000)).isNull();
        assertThat(rule.judge(8, RATE, 0, 6000)).isNull();
        assertThat(rule.why()).isEqualTo("level p99 300.0 ms, a new low: still falling");
        assertThat(rule.judge(9, RATE, 0, 6000)).isNull();
        assertThat(rule.steadyIntervals()).isZero();
        assertThat(rule.judge(10, RATE, 0, 6100)).isNull();
        assertThat(rule.judge(11, RATE, 0, 5900)).isNull();
        assertThat(rule.judge(12, RATE, 0, 6000)).isEqualTo(WarmupEnd.STEADY);
        assertThat(rule.why()).isEqualTo("level p99 6.00 ms (lowest level 6.00 ms), at the low in 3 interval(s) in a row"
                + " at the schedule");
    }

    @Test
    void aShortfallOrErrorsAreNotAtTheSchedule() {
        WarmupRule rule = new WarmupRule(RATE, 0, 60);
        rule.judge(1, RATE, 0, 5000);
        rule.judge(2, RATE, 0, 5000);
        rule.judge(3, RATE, 0, 5000);
        assertThat(rule.judge(4, 0.9 * RATE, 0, 5000)).isNull();
        assertThat(rule.why()).isEqualTo("schedule not met (18,000 of 20,000 records/s acknowledged)");
        assertThat(rule.steadyIntervals()).isZero();
        rule.judge(5, RATE, 0, 5000);
        assertThat(rule.judge(6, RATE, 3, 5000)).isNull();
        assertThat(rule.why()).isEqualTo("3 warm-up send(s) failed");
        // 95% of the rate is at the schedule: a level after 3 such intervals, steady after 3 more.
        for (int s = 7; s <= 11; s++) {
            assertThat(rule.judge(s, 0.95 * RATE, 0, 5000)).as("interval " + s).isNull();
        }
        assertThat(rule.judge(12, 0.95 * RATE, 0, 5000)).isEqualTo(WarmupEnd.STEADY);
    }

    @Test
    void anUnlimitedRateIsAtTheScheduleWhenRecordsAreAcknowledged() {
        WarmupRule rule = new WarmupRule(0, 0, 60);
        assertThat(run(rule, 3, 3, 3, 3, 3, 3)).isEqualTo("steady at 6");
    }

    @Test
    void stationaryNoiseEndsWellBeforeTheCap() {
        // Interval p99s of a run that is steady from the start: lognormal around 10 ms with sigma 0.4 (a several-fold
        // spread, as a quiet quick start shows). 1,000 seeded runs: nearly all end by the 15th interval, few at the cap.
        int byFifteen = 0;
        int capped = 0;
        for (int seed = 0; seed < 1000; seed++) {
            Random random = new Random(seed);
            WarmupRule rule = new WarmupRule(RATE, 3, 60);
            for (int s = 1; s <= 60; s++) {
                WarmupEnd end = rule.judge(s, RATE, 0, 10_000 * Math.exp(0.4 * random.nextGaussian()));
                if (end == WarmupEnd.STEADY && s <= 15) {
                    byFifteen++;
                }
                if (end == WarmupEnd.CAP) {
                    capped++;
                }
                if (end != null) {
                    break;
                }
            }
        }
        System.out.printf("stationary lognormal p99s: %d of 1000 ended steady by interval 15, %d at the 60 s cap%n",
                byFifteen, capped);
        assertThat(byFifteen).isGreaterThanOrEqualTo(950);
        assertThat(capped).isLessThanOrEqualTo(10);
    }
}
