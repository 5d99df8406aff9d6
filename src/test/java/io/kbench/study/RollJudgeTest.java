package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The segment-roll correlation rule on synthetic intervals: 20 one-second intervals, p99 1 ms except the spikes. */
class RollJudgeTest {
    private static final RollFinding ROLLS = new RollFinding("spikes-at-rolls", "spikes at rolls", "s4-spikes", "e2e.p99", 0.1,
            TelemetryEventType.SEGMENT_ROLL);

    private static List<IntervalPoint> intervals(int... spikesAt) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            final int sec = i;
            long p99 = java.util.Arrays.stream(spikesAt).anyMatch(s -> s == sec) ? 500_000 : 1_000;
            LatencyStats l = new LatencyStats(100, 500, 900, p99, p99, p99, 600);
            points.add(new IntervalPoint(sec, sec <= 2 ? IntervalPhase.WARMUP : IntervalPhase.MEASURED, 1000, 1, 1000, 1, 0,
                    l, l, l));
        }
        return points;
    }

    private static List<TelemetryEvent> rollsAt(double... secs) {
        List<TelemetryEvent> events = new ArrayList<>();
        for (double s : secs) {
            events.add(new TelemetryEvent(s, TelemetryEventType.SEGMENT_ROLL, "broker-1", "1 segment(s) rolled"));
        }
        events.add(new TelemetryEvent(10, TelemetryEventType.LOG_FLUSH, "broker-1", "a flush is not a roll"));
        return events;
    }

    @Test
    void heldWhenTheWorstIntervalsSitAtRollsFarMoreOftenThanAllIntervals() {
        Judged j = RollJudge.judge(ROLLS, intervals(6, 15), rollsAt(5.5, 14.5));
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.HELD);
        assertThat(j.shown()).startsWith("2 of the 2 worst intervals by e2e.p99 at a segment_roll (100%)");
    }

    @Test
    void contradictedWhenTheWorstIntervalsAreNoMoreOftenAtARollThanAnyInterval() {
        assertThat(RollJudge.judge(ROLLS, intervals(6, 15), rollsAt(10.5)).verdict()).isEqualTo(ClaimVerdict.CONTRADICTED);
    }

    @Test
    void inconclusiveWithoutARollOrBetweenTheBounds() {
        assertThat(RollJudge.judge(ROLLS, intervals(6, 15), rollsAt()).verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        // 8 of the 18 measured intervals at a roll (44%), 1 of the 2 worst (50%): above all intervals' share, but not twice it.
        assertThat(RollJudge.judge(ROLLS, intervals(6, 15), rollsAt(5.5, 8.5, 11.5, 18.5)).verdict())
                .isEqualTo(ClaimVerdict.INCONCLUSIVE);
    }

    @Test
    void badFindingsFailNamingTheField() {
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "produced.recordsPerSec", 0.1, TelemetryEventType.SEGMENT_ROLL))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("runs[x].metric");
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "e2e.p99", 0.9, TelemetryEventType.SEGMENT_ROLL))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("runs[x].worstShare");
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "e2e.p99", 0.1, TelemetryEventType.GC_PAUSE))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("runs[x].event");
    }
}
