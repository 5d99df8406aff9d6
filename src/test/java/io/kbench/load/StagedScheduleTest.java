package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.spec.RateStage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Send times through rate stages: each stage's records where its rate puts them, and the end after the last one. */
class StagedScheduleTest {
    private static final long START = 1_000_000_000L;

    /** The records of {@code schedule} due in [from, to) seconds after START, and how many it has in all. */
    private static long[] countBySecond(SendSchedule schedule, int seconds) {
        long[] counts = new long[seconds];
        for (long i = 0; ; i++) {
            long at = schedule.intendedSendNanos(i);
            if (at == SendSchedule.END) {
                return counts;
            }
            counts[(int) ((at - START) / 1_000_000_000L)]++;
        }
    }

    @Test
    void eachSecondOfAStepGetsItsRateAndTheScheduleEndsAfterTheLastStage() {
        SendSchedule s = new StagedSchedule(List.of(RateStage.constant(Duration.ofSeconds(2), 1000),
                RateStage.constant(Duration.ofSeconds(2), 4000), RateStage.constant(Duration.ofSeconds(1), 1000)),
                1.0, START, Duration.ZERO, 0);
        assertThat(countBySecond(s, 5)).containsExactly(1000, 1000, 4000, 4000, 1000);
        assertThat(s.intendedSendNanos(0)).isEqualTo(START);
        assertThat(s.intendedSendNanos(1)).isEqualTo(START + 1_000_000);
        // The first record of the 4,000/s stage is due as it begins, the next a quarter of a millisecond later.
        assertThat(s.intendedSendNanos(2000)).isEqualTo(START + 2_000_000_000L);
        assertThat(s.intendedSendNanos(2001)).isEqualTo(START + 2_000_250_000L);
    }

    @Test
    void aRampDeliversTheAreaUnderItsRateInEverySecond() {
        // 1,000 -> 5,000 over 4 s: 1,500, 2,500, 3,500, 4,500 records in its four seconds.
        SendSchedule s = new StagedSchedule(List.of(RateStage.ramp(Duration.ofSeconds(4), 1000, 5000)), 1.0, START,
                Duration.ZERO, 0);
        long[] counts = countBySecond(s, 4);
        assertThat(counts[0]).isBetween(1499L, 1501L);
        assertThat(counts[1]).isBetween(2499L, 2501L);
        assertThat(counts[2]).isBetween(3499L, 3501L);
        assertThat(counts[3]).isBetween(4499L, 4501L);
        assertThat(counts[0] + counts[1] + counts[2] + counts[3]).isEqualTo(12_000);
    }

    @Test
    void aFallingRampAndARampFromZero() {
        SendSchedule down = new StagedSchedule(List.of(RateStage.ramp(Duration.ofSeconds(2), 3000, 1000)), 1.0, START,
                Duration.ZERO, 0);
        long[] counts = countBySecond(down, 2);
        assertThat(counts[0]).isBetween(2499L, 2501L);
        assertThat(counts[1]).isBetween(1499L, 1501L);
        SendSchedule fromZero = new StagedSchedule(List.of(RateStage.ramp(Duration.ofSeconds(2), 0, 2000)), 1.0, START,
                Duration.ZERO, 0);
        assertThat(fromZero.intendedSendNanos(0)).isEqualTo(START);
        // N(t) = 500 t², so record 500 is due at 1 s and record 1,999 just before 2 s.
        assertThat(fromZero.intendedSendNanos(500)).isEqualTo(START + 1_000_000_000L);
        assertThat(fromZero.intendedSendNanos(1999)).isLessThan(START + 2_000_000_000L);
        assertThat(fromZero.intendedSendNanos(2000)).isEqualTo(SendSchedule.END);
    }

    @Test
    void theWarmUpRunsAtTheFirstStagesStartingRateAndThreadsShareEveryStage() {
        List<RateStage> stages = List.of(RateStage.ramp(Duration.ofSeconds(1), 2000, 4000));
        // Two threads, each half: 1,000/s through a 1 s warm-up, then its half of the ramp (1,500 records).
        SendSchedule first = new StagedSchedule(stages, 0.5, START, Duration.ofSeconds(1), 0);
        SendSchedule second = new StagedSchedule(stages, 0.5, START, Duration.ofSeconds(1), 0.5);
        long[] a = countBySecond(first, 2);
        long[] b = countBySecond(second, 2);
        assertThat(a).containsExactly(1000, 1500);
        assertThat(b).containsExactly(1000, 1500);
        // The second thread's records sit half a period after the first's.
        assertThat(second.intendedSendNanos(0) - first.intendedSendNanos(0)).isEqualTo(500_000);
        assertThat((double) first.intendedSendNanos(1000)).isCloseTo(START + 1e9, within(1.0));
    }
}
