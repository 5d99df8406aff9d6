package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkerSliceTest {
    @Test
    void slicesCoverEveryThreadOnceInOrder() {
        int total = 7;
        int parts = 3;
        int next = 0;
        for (int i = 0; i < parts; i++) {
            assertThat(WorkerSlice.first(total, parts, i)).isEqualTo(next);
            next += WorkerSlice.count(total, parts, i);
        }
        assertThat(next).isEqualTo(total);
        assertThat(WorkerSlice.count(7, 3, 0)).isEqualTo(3);
        assertThat(WorkerSlice.count(7, 3, 2)).isEqualTo(2);
        assertThat(WorkerSlice.count(1, 3, 2)).as("more workers than threads: some get none").isZero();
    }

    @Test
    void aThreadKeepsItsSingleProcessPhaseSoTheMergedScheduleIsUniform() {
        // 4 producers at 4,000/s in total: thread g sends at g/4 of the 1 ms period, whichever process runs it.
        long start = 0;
        long[] firstSends = new long[4];
        for (int g = 0; g < 4; g++) {
            firstSends[g] = new RateSchedule(1_000, start, (double) g / 4).intendedSendNanos(0);
        }
        assertThat(firstSends).containsExactly(0, 250_000, 500_000, 750_000);
    }
}
