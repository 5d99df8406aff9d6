package io.kbench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.result.run.FaultRecovery;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryFiguresTest {
    /** One-second intervals from {@code firstEnd}, with the given rates and p99s (p99 0: no acks). */
    private static List<IntervalPoint> series(double firstEnd, double[] rates, long[] p99s) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) {
            LatencyStats l = p99s[i] == 0 ? LatencyStats.EMPTY : new LatencyStats(100, p99s[i] / 2, p99s[i], p99s[i],
                    p99s[i], p99s[i], p99s[i] / 2.0);
            points.add(new IntervalPoint(firstEnd + i, IntervalPhase.MEASURED, rates[i], 1, rates[i], 1, 0, l, null, null));
        }
        return points;
    }

    @Test
    void stallThenCatchUpThenSteady() {
        // Fault at 3.0: interval ending 4 stalls, 5 catches up above the band, back from interval 6 (starting at 5).
        List<IntervalPoint> s = series(1, new double[] {1000, 1000, 1000, 0, 2500, 1000, 1050, 990, 1000},
                new long[] {2000, 2000, 2000, 0, 900_000, 3000, 3000, 3000, 3000});
        FaultRecovery r = RecoveryFigures.of(s, 3.0, 100);
        assertThat(r.baselineRecordsPerSec()).isEqualTo(1000);
        assertThat(r.baselineP99Micros()).isEqualTo(2000);
        assertThat(r.throughputSec()).isEqualTo(2.0);
        assertThat(r.p99Sec()).isEqualTo(2.0);
        assertThat(r.note()).isNull();
    }

    @Test
    void p99RecoversLaterThanThroughput() {
        List<IntervalPoint> s = series(1, new double[] {1000, 1000, 1000, 1000, 1000, 1000, 1000},
                new long[] {1000, 1000, 9000, 5000, 1500, 1500, 1500});
        FaultRecovery r = RecoveryFigures.of(s, 2.0, 100);
        assertThat(r.throughputSec()).isEqualTo(0.0);
        assertThat(r.p99Sec()).isEqualTo(2.0);
    }

    @Test
    void notRecoveredByTheEndIsNull() {
        List<IntervalPoint> s = series(1, new double[] {1000, 1000, 500, 400, 1000}, new long[] {1, 1, 1, 1, 1});
        // One good interval at the end is enough when the run ends there; without it, not recovered.
        assertThat(RecoveryFigures.of(s, 2.0, 100).throughputSec()).isEqualTo(2.0);
        assertThat(RecoveryFigures.of(s.subList(0, 4), 2.0, 100).throughputSec()).isNull();
    }

    @Test
    void aSingleGoodIntervalInABadStretchIsNotRecovery() {
        List<IntervalPoint> s = series(1, new double[] {1000, 1000, 0, 1000, 0, 0, 1000, 1000, 1000, 1000},
                new long[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        assertThat(RecoveryFigures.of(s, 2.0, 100).throughputSec()).isEqualTo(4.0);
    }

    @Test
    void theDrainAfterTheWindowIsLeftOut() {
        List<IntervalPoint> s = series(1, new double[] {1000, 1000, 0, 1000, 1000, 1000, 10}, new long[] {1, 1, 1, 1, 1, 1, 1});
        assertThat(RecoveryFigures.of(s, 2.0, 6.0).throughputSec()).isEqualTo(1.0);
    }

    @Test
    void aSliverAtTheWindowsEndIsNotAStall() {
        // Back in band from the interval ending 4; the window then ends 0.05 s into an interval with no acknowledgement.
        List<IntervalPoint> s = new ArrayList<>(series(1, new double[] {1000, 1000, 0, 1000, 1000},
                new long[] {1, 1, 0, 1, 1}));
        s.add(new IntervalPoint(5.05, IntervalPhase.MEASURED, 0, 0, 0, 0, 0, LatencyStats.EMPTY, null, null));
        FaultRecovery r = RecoveryFigures.of(s, 2.0, 5.05);
        assertThat(r.throughputSec()).isEqualTo(1.0);
        assertThat(r.p99Sec()).isEqualTo(1.0);
        // A whole interval without acknowledgements at the end still counts: not recovered.
        s.set(5, new IntervalPoint(6, IntervalPhase.MEASURED, 0, 0, 0, 0, 0, LatencyStats.EMPTY, null, null));
        assertThat(RecoveryFigures.of(s, 2.0, 6).throughputSec()).isNull();
    }

    @Test
    void noIntervalBeforeTheFaultGivesANote() {
        List<IntervalPoint> s = series(1, new double[] {1000, 1000}, new long[] {1, 1});
        FaultRecovery r = RecoveryFigures.of(s, 0.5, 100);
        assertThat(r.note()).contains("no measured interval before the fault");
        assertThat(r.throughputSec()).isNull();
    }

    @Test
    void medianOfEvenAndOdd() {
        assertThat(RecoveryFigures.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(RecoveryFigures.median(new double[] {4, 1, 2, 3})).isEqualTo(2.5);
    }
}
