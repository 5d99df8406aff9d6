package io.kbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.run.Drift;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.SteadyState;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DriftRuleTest {
    private static final OptionalDouble NONE = OptionalDouble.empty();
    private static final LatencyStats L = new LatencyStats(100, 2000, 4000, 8000, 9000, 10_000, 2500);

    @Test
    void aSteadyFixedRateRunIsSteady() {
        Random r = new Random(1);
        Drift d = DriftRule.of(summary(20), series(2, 20, i -> 20_000 * (1 + 0.01 * r.nextGaussian())), NONE);
        assertThat(d.steady()).isEqualTo(SteadyState.STEADY);
        assertThat(d.intervals()).isEqualTo(20);
        assertThat(d.recordsPerSec().series()).isEqualTo("produced records/s");
        assertThat(Math.abs(d.recordsPerSec().pctPerMin())).isLessThan(DriftRule.RECORDS_PCT_PER_MIN);
        assertThat(d.level().ratio()).isGreaterThan(0.95);
        assertThat(d.p99().series()).isEqualTo("publish p99");
        assertThat(d.reasons()).isEmpty();
        assertThat(d.line()).startsWith("steady state: steady over 20 intervals: produced records/s ");
    }

    /** 25% lost over a 30 s window: about -57%/min of the median (17,500 records/s). */
    @Test
    void aRateThatDecaysOverItsWindowIsDrifting() {
        Random r = new Random(2);
        Drift d = DriftRule.of(summary(30),
                series(2, 30, i -> (20_000 - 5000 * i / 30.0) * (1 + 0.02 * r.nextGaussian())), NONE);
        assertThat(d.steady()).isEqualTo(SteadyState.DRIFTING);
        assertThat(d.recordsPerSec().pctPerMin()).isCloseTo(-100 * 60 * (5000 / 30.0) / 17_500, within(8.0));
        assertThat(d.recordsPerSec().highPctPerMin()).isLessThan(0);
        assertThat(d.reasons()).containsExactly("records/s trend beyond ±10%/min");
        assertThat(d.line()).startsWith("steady state: DRIFTING over 30 intervals (records/s trend beyond ±10%/min): ");
    }

    /** Ten fast intervals then fifty slow: the median pairwise slope is a flat one, the level is not. */
    @Test
    void aStepDownThatTheSlopeMissesIsCaughtByTheLevel() {
        Drift d = DriftRule.of(summary(60),
                series(2, 60, i -> i < 10 ? 5000 + (i % 2) * 20 : 2000 + (i % 3) * 10), NONE);
        assertThat(d.recordsPerSec().beyond(DriftRule.RECORDS_PCT_PER_MIN)).isFalse();
        assertThat(d.level().ratio()).isCloseTo(0.4, within(0.01));
        assertThat(d.steady()).isEqualTo(SteadyState.DRIFTING);
        assertThat(d.reasons()).containsExactly("last third below 80% of the peak");
    }

    @Test
    void aLoneCatchUpIntervalIsNotAPeak() {
        Drift d = DriftRule.of(summary(20), series(2, 20, i -> i == 8 ? 0 : i == 9 ? 40_000 : 20_000), NONE);
        assertThat(d.level().peakRecordsPerSec()).isEqualTo(20_000);
        assertThat(d.steady()).isEqualTo(SteadyState.STEADY);
    }

    /** Producers that fell behind in the warm-up catch up in the window's first seconds: a debt repaid, not a fall. */
    @Test
    void aFixedRateRunCatchingUpAtItsStartIsSteady() {
        List<IntervalPoint> points = series(2, 14, i -> i < 4 ? 8700 : 5000);
        assertThat(DriftRule.of(summary(14), points, NONE).steady()).isEqualTo(SteadyState.DRIFTING);
        Drift d = DriftRule.of(summary(14), points, OptionalDouble.of(5000));
        assertThat(d.steady()).isEqualTo(SteadyState.STEADY);
        assertThat(d.level().peakRecordsPerSec()).isEqualTo(5000);
        assertThat(d.recordsPerSec().pctPerMin()).isZero();
    }

    @Test
    void underTenWholeIntervalsIsTooShortToTell() {
        Drift d = DriftRule.of(summary(9), series(2, 9, i -> 20_000 - 1000 * i), NONE);
        assertThat(d.steady()).isEqualTo(SteadyState.TOO_SHORT);
        assertThat(d.recordsPerSec()).isNull();
        assertThat(d.line()).isEqualTo("steady state: too short to tell: 9 whole measured interval(s), needs 10 for a"
                + " trend");
    }

    /** Warm-up, the drain after the producers stopped and a last interval cut to 0.3 s are all left out. */
    @Test
    void onlyTheWholeIntervalsOfTheMeasuredWindowCount() {
        List<IntervalPoint> points = new ArrayList<>(series(3, 12, i -> 20_000));
        points.add(point(16.0, 0, 20_000));
        points.add(point(17.0, 0, 500));
        points.add(point(17.3, 0, 0));
        assertThat(DriftRule.window(points, 12.0)).hasSize(12);
        Drift d = DriftRule.of(summary(12), points, NONE);
        assertThat(d.intervals()).isEqualTo(12);
        assertThat(d.steady()).isEqualTo(SteadyState.STEADY);
    }

    @Test
    void aLastIntervalCutShortIsLeftOut() {
        List<IntervalPoint> points = new ArrayList<>(series(0, 12, i -> 20_000));
        points.add(point(12.4, 8000, 0));
        assertThat(DriftRule.window(points, 12.4)).hasSize(12);
    }

    @Test
    void aRunWithoutProducersIsJudgedOnWhatItConsumed() {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            points.add(new IntervalPoint(i, IntervalPhase.MEASURED, 0, 0, 30_000, 29, 0, LatencyStats.EMPTY, L,
                    LatencyStats.EMPTY));
        }
        Totals consumed = new Totals(360_000, 1L << 30, 30_000, 29, 12, 0, Map.of(), 0, null, null);
        Drift d = DriftRule.of(new Summary("intendedSendTime", null, consumed, null, L, null, null), points, NONE);
        assertThat(d.recordsPerSec().series()).isEqualTo("consumed records/s");
        assertThat(d.p99().series()).isEqualTo("end-to-end p99");
        assertThat(d.recordsPerSec().pctPerMin()).isZero();
    }

    @Test
    void aRunThatMeasuredNothingHasNoDrift() {
        Totals none = new Totals(0, 0, 0, 0, 0, 0, Map.of(), 0, null, null);
        assertThat(DriftRule.of(new Summary("intendedSendTime", none, null, null, null, null, null), List.of(), NONE))
                .isNull();
        assertThat(DriftRule.of(null, List.of(), NONE)).isNull();
    }

    private interface Rate {
        double at(int i);
    }

    /** {@code warmup} warm-up intervals, then {@code n} measured ones of one second each. */
    private static List<IntervalPoint> series(int warmup, int n, Rate rate) {
        List<IntervalPoint> out = new ArrayList<>();
        for (int i = 1; i <= warmup; i++) {
            out.add(new IntervalPoint(i, IntervalPhase.WARMUP, 20_000, 19.5, 20_000, 19.5, 0, LatencyStats.EMPTY,
                    LatencyStats.EMPTY, LatencyStats.EMPTY));
        }
        for (int i = 0; i < n; i++) {
            out.add(point(warmup + i + 1, rate.at(i), rate.at(i)));
        }
        return out;
    }

    private static IntervalPoint point(double endSec, double produced, double consumed) {
        return new IntervalPoint(endSec, IntervalPhase.MEASURED, produced, produced / 1024, consumed, consumed / 1024, 0,
                L, L, L);
    }

    private static Summary summary(double windowSec) {
        Totals t = new Totals(1000, 1_024_000, 20_000, 19.5, windowSec, 0, Map.of(), 10, null, null);
        return new Summary("intendedSendTime", t, t, L, L, L, null);
    }
}
