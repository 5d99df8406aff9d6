package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.run.IntervalPhase;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The segment-roll coincidence rule on synthetic one-second intervals (the first 2 warm-up), p99 1 ms except the
 * spikes; rolls placed at irregular seconds, as a broker's come, so that no rotation repeats them.
 */
class RollJudgeTest {
    private static final RollFinding ROLLS = new RollFinding("spikes-at-rolls", "spikes at rolls", "s4-spikes", "e2e.p99", 0.1,
            TelemetryEventType.SEGMENT_ROLL);

    /** {@code count} one-second intervals, p99 1 ms except 500 ms spikes at the given seconds. */
    private static List<IntervalPoint> run(int count, int... spikesAt) {
        return ramped(count, 0, spikesAt);
    }

    /** With {@code rampTo} > 0, p99 first rises 1 s a second to {@code rampTo} s and falls back (a backlog). */
    private static List<IntervalPoint> ramped(int count, int rampTo, int... spikesAt) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            final int sec = i;
            long base = sec <= rampTo ? 1_000_000L * sec : 1_000;
            long p99 = java.util.Arrays.stream(spikesAt).anyMatch(s -> s == sec) ? 500_000 : base;
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

    /** Irregular roll seconds in 3..102 (gaps of 5 to 13 s), 12 of them: each marks its second and the next. */
    private static final double[] ROLL_SECONDS = {4.5, 12.5, 19.5, 31.5, 37.5, 48.5, 54.5, 66.5, 71.5, 83.5, 91.5, 97.5};

    @Test
    void heldWhenTheWorstSpikesSitAtRollsMoreOftenThanAnyRotationOfTheRolls() {
        // 100 measured intervals, the 10 spikes each the second after a roll. Shifted one second on, the rolls' second
        // flagged intervals match them too: p = 2/100.
        Judged j = RollJudge.judge(ROLLS, run(102, 5, 13, 20, 32, 38, 49, 55, 67, 72, 84), rollsAt(ROLL_SECONDS));
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.HELD);
        assertThat(j.shown()).startsWith("10 of the 10 worst spikes by e2e.p99 at a segment_roll (100%) vs 24 of all 100")
                .contains("4.17x chance's share (2.4 expected), circular-shift p = 0.020 (99 shifts)");
    }

    @Test
    void theTopOfABacklogsSlowRiseIsNoSpike() {
        // p99 climbs to 25 s over the first 25 s (consumers starting behind), then 1 ms with 500 ms spikes after the
        // 10 rolls that follow: the climb's top is the run's highest p99, but none of it stands above its neighbours.
        Judged j = RollJudge.judge(ROLLS, ramped(102, 25, 32, 38, 43, 49, 55, 67, 72, 84, 92, 98),
                rollsAt(4.5, 12.5, 19.5, 31.5, 37.5, 42.5, 48.5, 54.5, 66.5, 71.5, 83.5, 91.5, 97.5));
        assertThat(j.shown()).startsWith("10 of the 10 worst spikes");
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.HELD);
    }

    @Test
    void contradictedWhenTheSpikesAvoidTheRollsWhereHalfOfThemAtOneWouldHaveBeenDecided() {
        // 200 measured intervals, 23 rolls at irregular gaps of 6 to 11 s flag 46; the 20 spikes all lie elsewhere, and
        // 10 of 20 at a roll would have been decided.
        double[] rolls = {3.5, 12.5, 22.5, 31.5, 40.5, 50.5, 60.5, 67.5, 74.5, 84.5, 93.5, 104.5, 114.5, 121.5, 127.5, 136.5,
            144.5, 151.5, 157.5, 167.5, 178.5, 189.5, 195.5};
        Judged j = RollJudge.judge(ROLLS, run(202, 3, 12, 21, 30, 39, 48, 57, 66, 77, 87, 96, 107, 117, 126, 135, 144, 154,
                163, 172, 181), rollsAt(rolls));
        assertThat(j.shown()).startsWith("0 of the 20 worst spikes").contains("where about 10 of the 20 at one would have "
                + "been decided");
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.CONTRADICTED);
    }

    @Test
    void inconclusiveWithoutARollTooFewIntervalsOrARollInEveryInterval() {
        assertThat(RollJudge.judge(ROLLS, run(102, 5, 13), rollsAt()).verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        assertThat(RollJudge.judge(ROLLS, run(102, 5, 13), rollsAt(0.5)).shown())
                .as("a roll in the warm-up only").startsWith("no segment_roll in or just before a measured interval");
        // 18 measured intervals: no arrangement can reach p <= 2.5%.
        Judged few = RollJudge.judge(ROLLS, run(20, 6, 15), rollsAt(5.5, 14.5));
        assertThat(few.verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        assertThat(few.shown()).contains("these intervals cannot decide");
        double[] everySecond = new double[101];
        for (int k = 0; k < everySecond.length; k++) {
            everySecond[k] = 2.5 + k;
        }
        assertThat(RollJudge.judge(ROLLS, run(102, 5, 13), rollsAt(everySecond)).shown())
                .contains("every interval is at one");
        assertThat(RollJudge.judge(ROLLS, run(102), rollsAt(ROLL_SECONDS)).shown())
                .as("a flat run").contains("no interval stands above its neighbours");
        // Half the spikes at a roll where a quarter of all intervals are: above chance, but not decidedly.
        Judged undecided = RollJudge.judge(ROLLS, run(102, 5, 13, 20, 32, 38, 26, 44, 60, 78, 88), rollsAt(ROLL_SECONDS));
        assertThat(undecided.verdict()).isEqualTo(ClaimVerdict.INCONCLUSIVE);
        assertThat(undecided.shown()).contains("p = 0.120", "undecided: these intervals could detect about 7 of the 10");
    }

    private static final RollFinding DISK = new RollFinding("spikes-at-disk-io", "spikes at disk I/O", "s4-spikes", "e2e.p99",
            0.1, null, TelemetryMetric.DISK_UTIL_PERCENT);

    /** Disk utilisation per interval of {@code run(count, ...)} (warm-up included): 1%, 30% at {@code burstsAt}, 10% at {@code smallAt}. */
    private static List<TelemetrySeries> disk(int count, int[] burstsAt, int... smallAt) {
        List<Double> values = new ArrayList<>();
        for (int sec = 1; sec <= count; sec++) {
            final int s = sec;
            values.add(java.util.Arrays.stream(burstsAt).anyMatch(b -> b == s) ? 30.0
                    : java.util.Arrays.stream(smallAt).anyMatch(b -> b == s) ? 10.0 : 1.0);
        }
        return List.of(new TelemetrySeries(TelemetryMetric.DISK_UTIL_PERCENT, "host", values),
                new TelemetrySeries(TelemetryMetric.BROKER_CPU_PERCENT, "broker-1", values.stream().map(v -> 100 - v).toList()));
    }

    private static final int[] SMALL_RISES = {9, 16, 24, 29, 41, 45, 53, 58, 63, 70, 77, 81, 90, 95, 99};

    @Test
    void aSeriesFindingCountsTheIntervalsWhereTheSeriesRisesMostAboveItsNeighbours() {
        // 100 measured intervals; the disk's 10 biggest bursts (the same share as the spikes) in the spikes' seconds,
        // 15 smaller rises elsewhere: only the 10 standing highest count.
        int[] spikes = {5, 13, 20, 32, 38, 49, 55, 67, 72, 84};
        Judged j = RollJudge.judgeSeries(DISK, run(102, spikes), disk(102, spikes, SMALL_RISES));
        assertThat(j.verdict()).isEqualTo(ClaimVerdict.HELD);
        assertThat(j.shown()).startsWith("10 of the 10 worst spikes by e2e.p99 at a rise of disk_util_percent (100%) vs 10 "
                + "of all 100 measured intervals (10%); 10.00x chance's share (1.0 expected)");
        assertThat(j.rule()).contains("the same share standing highest by disk_util_percent (its highest source)");
        // The bursts elsewhere: the spikes are at none, where 3 or so at one would have been decided.
        int[] elsewhere = {7, 11, 18, 27, 35, 43, 51, 61, 75, 87};
        Judged apart = RollJudge.judgeSeries(DISK, run(102, spikes), disk(102, elsewhere, SMALL_RISES));
        assertThat(apart.verdict()).isEqualTo(ClaimVerdict.CONTRADICTED);
        assertThat(apart.shown()).startsWith("0 of the 10 worst spikes");
        assertThat(RollJudge.judgeSeries(DISK, run(102, spikes), disk(102, new int[0])).shown())
                .startsWith("no measured interval where disk_util_percent stands above its neighbours");
        Judged none = RollJudge.judgeSeries(DISK, run(102, spikes), List.of());
        assertThat(none.verdict()).isEqualTo(ClaimVerdict.NOT_MEASURED);
        assertThat(none.shown()).contains("has no disk_util_percent series");
    }

    @Test
    void badFindingsFailNamingTheField() {
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "e2e.p99", 0.1, TelemetryEventType.SEGMENT_ROLL,
                TelemetryMetric.DISK_UTIL_PERCENT)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("runs[x].event").hasMessageContaining("exactly one of event and series");
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "produced.recordsPerSec", 0.1, TelemetryEventType.SEGMENT_ROLL))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("runs[x].metric");
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "e2e.p99", 0.9, TelemetryEventType.SEGMENT_ROLL))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("runs[x].worstShare");
        assertThatThrownBy(() -> new RollFinding("x", "c", "d", "e2e.p99", 0.1, TelemetryEventType.GC_PAUSE))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("runs[x].event");
    }
}
