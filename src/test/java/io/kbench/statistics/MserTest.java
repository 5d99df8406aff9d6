package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MSER-5 (White 1997; White, Cobb &amp; Spratt 2000) on series whose answer is known: a step worked by hand, the
 * initially biased AR(1) process the truncation literature tests its rules on, a linear trend, and a constant.
 */
class MserTest {

    @Test
    void aStepIsCutWhereItEndsByHand() {
        // Batch means 10, 1, 1, 1. MSER(0) = (6.75^2 + 3 x 2.25^2) / 4^2 = 60.75 / 16; MSER(1) = 0 / 3^2 = 0, and so
        // is MSER(2): the first minimum, d = 1, cuts the 5 values of the step.
        double[] series = new double[20];
        Arrays.fill(series, 1);
        Arrays.fill(series, 0, 5, 10);
        Mser m = Mser.of(series);
        assertThat(Mser.statistic(new double[] {10, 1, 1, 1}, 0)).isEqualTo(60.75 / 16);
        assertThat(m.truncationBatches()).isEqualTo(1);
        assertThat(m.truncation()).isEqualTo(5);
        assertThat(m.batches()).isEqualTo(4);
        assertThat(m.settles()).isTrue();
    }

    @Test
    void aConstantNeedsNoCut() {
        double[] series = new double[23];
        Arrays.fill(series, 7);
        Mser m = Mser.of(series);
        assertThat(m.truncation()).isZero();
        // 23 values make 4 whole batches; the last 3 values are left out, as MSER-5 batches from the start.
        assertThat(m.batches()).isEqualTo(4);
    }

    @Test
    void anInitiallyBiasedAr1IsCutAfterItsTransientAndTheBiasGoes() {
        // X_t = 0.9 X_(t-1) + e_t, e ~ N(0, 1), started at 25 (about 11 stationary standard deviations above its mean of
        // 0): the transient decays as 0.9^t, below one stationary standard deviation after about 23 steps.
        Random random = new Random(1997);
        double[] x = new double[1000];
        double v = 25;
        for (int t = 0; t < x.length; t++) {
            x[t] = v;
            v = 0.9 * v + random.nextGaussian();
        }
        Mser m = Mser.of(x);
        assertThat(m.settles()).isTrue();
        assertThat(m.truncation()).as(m.toString()).isBetween(15, 150);
        double kept = Arrays.stream(x, m.truncation(), x.length).average().orElseThrow();
        double all = Arrays.stream(x).average().orElseThrow();
        // The point of truncating: the kept mean is nearer the true mean (0) than the mean of everything.
        assertThat(Math.abs(kept)).isLessThan(Math.abs(all));
        assertThat(kept).isCloseTo(0, within(0.5));
    }

    @Test
    void aTrendHasNoTruncationPointInItsFirstHalf() {
        // A series still rising at its end: every later cut leaves less spread, so the minimum lies at the late cuts,
        // beyond the first half: not steady.
        Random random = new Random(2000);
        double[] series = new double[100];
        for (int t = 0; t < series.length; t++) {
            series[t] = 0.1 * t + 0.3 * random.nextGaussian();
        }
        Mser m = Mser.of(series);
        assertThat(m.truncationBatches()).as(m.toString()).isGreaterThan(m.batches() / 2);
        assertThat(m.settles()).isFalse();
    }

    @Test
    void tooShortOrNotFiniteIsRefused() {
        assertThatThrownBy(() -> Mser.of(new double[19])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 20 or more values (got 19)");
        double[] nan = new double[20];
        nan[3] = Double.NaN;
        assertThatThrownBy(() -> Mser.of(nan)).hasMessageContaining("value 3 is not finite");
    }
}
