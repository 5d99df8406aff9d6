package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MannWhitneyTest {
    @Test
    void balancedSamplesBeyondALongsCountsStillGiveAnExactPValue() {
        // C(80, 40) ~ 1.1e23 orderings: the counts outgrow a long, not a double.
        double[] x = new double[40];
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            x[i] = i;
            y[i] = i + 0.5;
        }
        double p = MannWhitney.pValue(x, y);
        assertThat(p).isBetween(0.8, 1.0);
        assertThat(MannWhitney.smallestPossible(40, 40)).isPositive().isLessThan(1e-20);
    }
}
