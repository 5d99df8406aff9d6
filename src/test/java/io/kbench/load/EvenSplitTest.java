package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EvenSplitTest {

    @Test
    void sharesSumExactlyAndDifferByAtMostOne() {
        long[] totals = {0, 1, 2, 7, 10, 999, 1_000_000, 1_000_003, Long.MAX_VALUE / 2};
        int[] parts = {1, 2, 3, 4, 7, 16, 1024};
        for (long total : totals) {
            for (int n : parts) {
                long sum = 0;
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                for (int i = 0; i < n; i++) {
                    long s = EvenSplit.portion(total, n, i);
                    assertThat(s).isNotNegative();
                    sum += s;
                    min = Math.min(min, s);
                    max = Math.max(max, s);
                }
                assertThat(sum).as("total %d over %d", total, n).isEqualTo(total);
                assertThat(max - min).as("total %d over %d", total, n).isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void earlierThreadsTakeTheRemainder() {
        assertThat(EvenSplit.portion(10, 3, 0)).isEqualTo(4);
        assertThat(EvenSplit.portion(10, 3, 1)).isEqualTo(3);
        assertThat(EvenSplit.portion(10, 3, 2)).isEqualTo(3);
        assertThat(EvenSplit.portion(2, 4, 3)).isZero();
    }
}
