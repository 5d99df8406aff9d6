package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.WarmupEnd;
import org.junit.jupiter.api.Test;

/** The auto warm-up's rule on made-up interval figures (docs/warmup.md): at the schedule, p99 no longer falling. */
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
    void endsAfterThreeIntervalsWithoutANewLowByMoreThanTenPercent() {
        // 12 -> 10 is a new low by more than 10%; 11, 9.5 (5% under 10) and 12 are not: steady at the ninth second.
        assertThat(run(new WarmupRule(RATE, 3, 60), 240, 100, 50, 20, 12, 10, 11, 9.5, 12)).isEqualTo("steady at 9");
    }

    @Test
    void aFallingP99KeepsTheWarmUpGoingUntilTheCap() {
        assertThat(run(new WarmupRule(RATE, 3, 5), 100, 80, 60, 40, 20)).isEqualTo("cap at 5");
        assertThat(run(new WarmupRule(RATE, 3, 60), 100, 80, 60, 40, 20, 10)).isEqualTo("going on");
    }

    @Test
    void theMinimumHoldsEvenWhenSteadyAtOnce() {
        WarmupRule rule = new WarmupRule(RATE, 6, 60);
        assertThat(run(rule, 5, 5, 5, 5, 5)).isEqualTo("going on");
        assertThat(rule.steadyIntervals()).isEqualTo(4);
        assertThat(rule.judge(6, RATE, 0, 5000)).isEqualTo(WarmupEnd.STEADY);
    }

    @Test
    void anIntervalBelowTheScheduleStartsTheCountAndTheLowAfresh() {
        WarmupRule rule = new WarmupRule(RATE, 0, 60);
        assertThat(rule.judge(1, RATE, 0, 5000)).isNull();
        assertThat(rule.judge(2, RATE, 0, 5000)).isNull();
        assertThat(rule.judge(3, RATE, 0, 5000)).isNull();
        assertThat(rule.steadyIntervals()).isEqualTo(2);
        // A stall (a paused broker): nothing acknowledged.
        assertThat(rule.judge(4, 0, 0, Double.NaN)).isNull();
        assertThat(rule.why()).isEqualTo("no warm-up record acknowledged");
        assertThat(rule.steadyIntervals()).isZero();
        // The backlog drains above the rate with a high, falling p99: not steady, although above the old 5 ms low.
        assertThat(rule.judge(5, 2 * RATE, 0, 900_000)).isNull();
        assertThat(rule.judge(6, RATE, 0, 300_000)).isNull();
        assertThat(rule.judge(7, RATE, 0, 6000)).isNull();
        assertThat(rule.steadyIntervals()).isZero();
        assertThat(rule.judge(8, RATE, 0, 6000)).isNull();
        assertThat(rule.judge(9, RATE, 0, 6100)).isNull();
        assertThat(rule.judge(10, RATE, 0, 5900)).isEqualTo(WarmupEnd.STEADY);
        assertThat(rule.why()).contains("no new low by more than 10%", "3 interval(s)");
    }

    @Test
    void aShortfallOrErrorsAreNotAtTheSchedule() {
        WarmupRule rule = new WarmupRule(RATE, 0, 60);
        rule.judge(1, RATE, 0, 5000);
        rule.judge(2, RATE, 0, 5000);
        assertThat(rule.judge(3, 0.9 * RATE, 0, 5000)).isNull();
        assertThat(rule.why()).isEqualTo("schedule not met (18,000 of 20,000 records/s acknowledged)");
        assertThat(rule.steadyIntervals()).isZero();
        rule.judge(4, RATE, 0, 5000);
        assertThat(rule.judge(5, RATE, 3, 5000)).isNull();
        assertThat(rule.why()).isEqualTo("3 warm-up send(s) failed");
        // 95% of the rate is at the schedule.
        rule.judge(6, 0.95 * RATE, 0, 5000);
        rule.judge(7, 0.95 * RATE, 0, 5000);
        rule.judge(8, 0.95 * RATE, 0, 5000);
        assertThat(rule.judge(9, 0.95 * RATE, 0, 5000)).isEqualTo(WarmupEnd.STEADY);
    }

    @Test
    void anUnlimitedRateIsAtTheScheduleWhenRecordsAreAcknowledged() {
        WarmupRule rule = new WarmupRule(0, 0, 60);
        assertThat(run(rule, 3, 3, 3, 3)).isEqualTo("steady at 4");
    }
}
