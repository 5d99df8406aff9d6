package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RateScheduleTest {

    @Test
    void intendedTimesAreEvenlySpaced() {
        RateSchedule s = new RateSchedule(1000, 5_000_000L, 0);
        assertThat(s.periodNanos()).isEqualTo(1_000_000.0);
        for (long i = 0; i < 10_000; i++) {
            assertThat(s.intendedSendNanos(i)).isEqualTo(5_000_000L + i * 1_000_000L);
        }
    }

    @Test
    void fractionalPeriodsDoNotDrift() {
        RateSchedule s = new RateSchedule(3, 0, 0); // period 333,333,333.33 ns
        assertThat(s.intendedSendNanos(3)).isEqualTo(1_000_000_000L);
        assertThat(s.intendedSendNanos(3_000_000)).isEqualTo(1_000_000_000_000_000L);
        for (long i = 1; i < 1000; i++) {
            long gap = s.intendedSendNanos(i) - s.intendedSendNanos(i - 1);
            assertThat(gap).isBetween(333_333_332L, 333_333_334L);
        }
    }

    @Test
    void phaseOffsetsShiftThreadsWithinOnePeriod() {
        int threads = 4;
        double perThread = 1000; // 1 ms period
        for (int t = 0; t < threads; t++) {
            RateSchedule s = new RateSchedule(perThread, 1_000L, (double) t / threads);
            assertThat(s.intendedSendNanos(0)).isEqualTo(1_000L + t * 250_000L);
            assertThat(s.intendedSendNanos(10)).isEqualTo(1_000L + t * 250_000L + 10_000_000L);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, -1000, Double.NaN, Double.POSITIVE_INFINITY})
    void invalidRatesAreRejected(double rate) {
        assertThatThrownBy(() -> new RateSchedule(rate, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("recordsPerSec");
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.1, 1, 1.5, Double.NaN})
    void invalidPhasesAreRejected(double phase) {
        assertThatThrownBy(() -> new RateSchedule(100, 0, phase))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("phase");
    }
}
