package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Settling;
import io.kbench.result.run.Warmup;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The check of the measured window after an auto warm-up (docs/warmup.md): MSER-5 on the log interval p99s, and
 * whether what it would cut differs by 1.5x from the rest.
 */
class SettlingRuleTest {
    /** A run that warmed up for {@code warmup} 1 s intervals, then measured one interval per p99 (ms). */
    private static List<IntervalPoint> run(int warmup, double... measuredP99Ms) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= warmup; i++) {
            points.add(point(i, IntervalPhase.WARMUP, LatencyStats.EMPTY));
        }
        for (int i = 0; i < measuredP99Ms.length; i++) {
            long p99 = Math.round(measuredP99Ms[i] * 1000);
            points.add(point(warmup + i + 1, IntervalPhase.MEASURED, new LatencyStats(1000, p99 / 2, p99, p99, p99, p99, p99 / 2.0)));
        }
        return points;
    }

    private static IntervalPoint point(double endSec, IntervalPhase phase, LatencyStats publish) {
        return new IntervalPoint(endSec, phase, 20_000, 19.5, 20_000, 19.5, 0, publish, publish, LatencyStats.EMPTY);
    }

    @Test
    void theIssuesWindowWasStillSettlingForItsFirstFiveSeconds() {
        // The warm-up ended at 16 s; the next intervals still had p99s of 31-37 ms, against 8-15 ms later.
        Warmup.Check c = SettlingRule.of(run(16, 31, 33, 37, 12, 10, 11, 9, 8, 15, 10, 12, 9, 11, 10, 8, 13, 10, 9, 12, 11));
        assertThat(c.verdict()).isEqualTo(Settling.STILL_SETTLING);
        assertThat(c.intervals()).isEqualTo(20);
        assertThat(c.truncationSec()).isEqualTo(5.0);
        assertThat(c.ratio()).isCloseTo(2.07, within(0.01));
        assertThat(c.line()).contains("warm-up check: still settling for the first 5.0 s of the measured window (MSER-5"
                + " over 20 intervals: publish p99 2.1x higher before than after); its figures include that");
    }

    @Test
    void aRisingWindowIsNotSteady() {
        double[] rising = new double[20];
        for (int i = 0; i < rising.length; i++) {
            rising[i] = 10 + i;
        }
        Warmup.Check c = SettlingRule.of(run(6, rising));
        assertThat(c.verdict()).isEqualTo(Settling.NOT_STEADY);
        assertThat(c.ratio()).isLessThan(1 / SettlingRule.MIN_RATIO);
        assertThat(c.line().orElseThrow()).startsWith("warm-up check: not steady over the measured window (MSER-5 over"
                + " 20 intervals: publish p99 0.58x before").endsWith("rising); its figures describe no one level");
    }

    @Test
    void aWindowStillFallingPastItsMiddleIsNotSteady() {
        double[] falling = new double[30];
        for (int i = 0; i < falling.length; i++) {
            falling[i] = 40 - i;
        }
        Warmup.Check c = SettlingRule.of(run(6, falling));
        assertThat(c.verdict()).isEqualTo(Settling.NOT_STEADY);
        assertThat(c.truncationSec()).isEqualTo(20.0);
        assertThat(c.line().orElseThrow()).contains("still falling past the window's middle");
    }

    @Test
    void aNoisyFlatWindowIsSettledAndSaysNothing() {
        Warmup.Check c = SettlingRule.of(run(6, 10, 12, 9, 11, 10, 13, 9, 10, 11, 12, 10, 9, 11, 10, 12, 10, 11, 9, 10, 11));
        assertThat(c.verdict()).isEqualTo(Settling.SETTLED);
        assertThat(c.line()).isEmpty();
        assertThat(c.minRatio()).isEqualTo(1.5);
    }

    @Test
    void fewerThanTwentyIntervalsWithAP99AreNotJudged() {
        double[] nineteen = new double[19];
        java.util.Arrays.fill(nineteen, 10);
        assertThat(SettlingRule.of(run(6, nineteen))).isNull();
        // An interval that acknowledged nothing (the drain after the producers stopped) has no p99 and does not count.
        List<IntervalPoint> points = new ArrayList<>(run(6, nineteen));
        points.add(point(26, IntervalPhase.MEASURED, LatencyStats.EMPTY));
        assertThat(SettlingRule.of(points)).isNull();
        assertThat(SettlingRule.of(run(6, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10))
                .verdict()).isEqualTo(Settling.SETTLED);
    }

    @Test
    void stationaryNoiseIsRarelyReported() {
        // MSER-5 names a cut on pure noise too; the 1.5x ratio keeps it from being reported. Interval p99s lognormal
        // around 10 ms with sigma 0.4, 20 measured intervals, 1,000 seeds.
        int reported = 0;
        for (int seed = 0; seed < 1000; seed++) {
            Random random = new Random(seed);
            double[] p99 = new double[20];
            for (int i = 0; i < p99.length; i++) {
                p99[i] = 10 * Math.exp(0.4 * random.nextGaussian());
            }
            if (SettlingRule.of(run(6, p99)).verdict() != Settling.SETTLED) {
                reported++;
            }
        }
        System.out.printf("stationary lognormal p99s, 20 intervals: %d of 1000 reported as not settled%n", reported);
        assertThat(reported).isLessThanOrEqualTo(60);
    }
}
