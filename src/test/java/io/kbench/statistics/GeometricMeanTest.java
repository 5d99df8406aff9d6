package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

class GeometricMeanTest {
    @Test
    void theIntervalIsStudentsOnTheLogarithmsByHand() {
        double[] answers = {4_738, 5_120, 5_350, 5_750};
        double[] logs = new double[answers.length];
        double sum = 0;
        for (int i = 0; i < answers.length; i++) {
            logs[i] = Math.log(answers[i]);
            sum += logs[i];
        }
        double mean = sum / 4;
        double ss = 0;
        for (double l : logs) {
            ss += (l - mean) * (l - mean);
        }
        double half = new TDistribution(3).inverseCumulativeProbability(0.975) * Math.sqrt(ss / 3 / 4);
        GeometricMean g = GeometricMean.of(answers, 0.95);
        assertThat(g.value()).isCloseTo(Math.exp(mean), within(1e-9));
        assertThat(g.low()).isCloseTo(Math.exp(mean - half), within(1e-9));
        assertThat(g.high()).isCloseTo(Math.exp(mean + half), within(1e-9));
        assertThat(g.count()).isEqualTo(4);
        assertThat(g.confidence()).isEqualTo(0.95);
        // Symmetric on the logarithms: the same factor below and above.
        assertThat(g.high() / g.value()).isCloseTo(g.value() / g.low(), within(1e-12));
        assertThat(g.relativeHalfWidth()).isCloseTo(Math.expm1(half), within(1e-12));
    }

    @Test
    void twoSearchesThatDisagreeBy21PercentGiveAnIntervalFarWiderThanTheirDifference() {
        // The two S4 searches of the issue: t(0.975, 1) = 12.7 makes two answers nearly uninformative.
        GeometricMean g = GeometricMean.of(new double[] {4_738, 5_750}, 0.95);
        assertThat(g.low()).isLessThan(2_000);
        assertThat(g.high()).isGreaterThan(13_000);
        assertThat(g.within(0.10)).isFalse();
    }

    @Test
    void closeAnswersAreWithinTenPercentAndTheMedianInsideTheInterval() {
        GeometricMean g = GeometricMean.of(new double[] {5_000, 5_100, 5_250, 5_050, 4_950}, 0.95);
        assertThat(g.within(0.10)).isTrue();
        assertThat(g.within(0.01)).isFalse();
        assertThat(5_050.0).isBetween(g.low(), g.high());
    }

    @Test
    void oneValueHasNoInterval() {
        GeometricMean g = GeometricMean.of(new double[] {5_000}, 0.95);
        assertThat(g.value()).isCloseTo(5_000, within(1e-9));
        assertThat(g.hasInterval()).isFalse();
        assertThat(g.relativeHalfWidth()).isInfinite();
        assertThat(g.within(0.5)).isFalse();
    }

    @Test
    void identicalValuesHaveAnIntervalOfNoWidth() {
        GeometricMean g = GeometricMean.of(new double[] {5_750, 5_750, 5_750}, 0.95);
        assertThat(g.low()).isEqualTo(5_750);
        assertThat(g.high()).isEqualTo(5_750);
        // Exactly, not an ulp beside: three searches answering 200 records/s must contain their median, 200.
        GeometricMean same = GeometricMean.of(new double[] {200, 200, 200}, 0.95);
        assertThat(same.value()).isEqualTo(200);
        assertThat(200.0).isBetween(same.low(), same.high());
        assertThat(g.within(0.0)).isTrue();
    }

    @Test
    void badInputIsRefusedByName() {
        assertThatThrownBy(() -> GeometricMean.of(new double[] {1, -2}, 0.95)).hasMessage("values[1]: must be positive and finite (got -2.0)");
        assertThatThrownBy(() -> GeometricMean.of(new double[0], 0.95)).hasMessageStartingWith("values:");
        assertThatThrownBy(() -> GeometricMean.of(new double[] {1, 2}, 1.0)).hasMessageStartingWith("confidence:");
    }
}
