package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TheilSenTest {
    private static final double[] X10 = IntStream.rangeClosed(1, 10).asDoubleStream().toArray();

    @Test
    void aStraightLineHasItsSlopeAndAnIntervalOfNoWidth() {
        double[] y = IntStream.rangeClosed(1, 10).mapToDouble(i -> 3 + 2.5 * i).toArray();
        TheilSen t = TheilSen.of(X10, y, 0.95);
        assertThat(t.slope()).isEqualTo(2.5);
        assertThat(t.low()).isEqualTo(2.5);
        assertThat(t.high()).isEqualTo(2.5);
        assertThat(t.excludesZero()).isTrue();
    }

    /**
     * Worked by hand: 45 pairwise slopes, the median the 23rd; C = 1.96 sqrt(10 * 9 * 25 / 18) = 21.91, so the ranks
     * (45 - 21.91) / 2 = 11.5 and (45 + 21.91) / 2 + 1 = 34.5, rounded outwards to the 11th and 35th slopes.
     */
    @Test
    void senIntervalIsTheOrderStatisticsAtKendallsSpread() {
        TheilSen t = TheilSen.of(X10, new double[] {3, 1, 4, 1, 5, 9, 2, 6, 5, 3}, 0.95);
        assertThat(t.slope()).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(t.low()).isCloseTo(-2 / 3.0, within(1e-12));
        assertThat(t.high()).isCloseTo(1.2, within(1e-12));
        assertThat(t.excludesZero()).isFalse();
        assertThat(t.points()).isEqualTo(10);
    }

    @Test
    void twoWildPointsDoNotMoveTheSlope() {
        double[] y = IntStream.rangeClosed(1, 10).mapToDouble(i -> 2.0 * i).toArray();
        y[3] = 500;
        y[7] = 900;
        assertThat(TheilSen.of(X10, y, 0.95).slope()).isEqualTo(2.0);
    }

    @Test
    void noiseWithoutTrendHasAnIntervalAroundZero() {
        Random random = new Random(7);
        double[] x = IntStream.range(0, 60).asDoubleStream().toArray();
        double[] y = IntStream.range(0, 60).mapToDouble(i -> 1000 + 50 * random.nextGaussian()).toArray();
        TheilSen t = TheilSen.of(x, y, 0.95);
        assertThat(t.low()).isLessThan(0);
        assertThat(t.high()).isGreaterThan(0);
    }

    @Test
    void aLongSeriesIsAveragedInGroupsAndKeepsItsSlope() {
        double[] x = IntStream.range(0, 3000).asDoubleStream().toArray();
        double[] y = IntStream.range(0, 3000).mapToDouble(i -> 100 - 0.01 * i + (i % 2 == 0 ? 1 : -1)).toArray();
        TheilSen t = TheilSen.of(x, y, 0.95);
        assertThat(t.points()).isEqualTo(TheilSen.MAX_POINTS);
        assertThat(t.slope()).isCloseTo(-0.01, within(1e-9));
        assertThat(t.high()).isLessThan(0);
    }

    @Test
    void badInputIsRefusedNamingWhat() {
        assertThatThrownBy(() -> TheilSen.of(new double[] {1, 2}, new double[] {1, 2}, 0.95))
                .hasMessageContaining("points: need 3");
        assertThatThrownBy(() -> TheilSen.of(new double[] {1, 1, 2}, new double[] {1, 2, 3}, 0.95))
                .hasMessageContaining("x must increase");
        assertThatThrownBy(() -> TheilSen.of(X10, new double[] {1}, 0.95)).hasMessageContaining("same length");
        assertThatThrownBy(() -> TheilSen.of(X10, X10, 1)).hasMessageContaining("confidence");
    }
}
