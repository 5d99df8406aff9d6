package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EffectRuleTest {
    private static final double[] STEADY = {20_010, 19_980, 20_040, 19_950, 20_020};

    @Test
    void theSameFiguresTwiceAreEquivalentWithinTheMargin() {
        Effect e = EffectRule.DEFAULT.decide(STEADY, new double[] {19_990, 20_030, 20_000, 19_970, 20_015});
        assertThat(e.outcome()).isEqualTo(Effect.Outcome.EQUIVALENT);
        assertThat(e.low()).isGreaterThanOrEqualTo(0.95);
        assertThat(e.high()).isLessThanOrEqualTo(1.05);
        assertThat(e.confidence()).isCloseTo(0.90, within(1e-12));
        assertThat(e.text()).startsWith("equivalent within ±5.0% (").endsWith(" at 90.0%)");
    }

    @Test
    void halfTheThroughputIsLowerWithAnIntervalThatExcludesOne() {
        double[] half = {10_020, 9_980, 10_050, 9_940, 10_010};
        Effect e = EffectRule.DEFAULT.decide(STEADY, half);
        assertThat(e.outcome()).isEqualTo(Effect.Outcome.LOWER);
        assertThat(e.ratio()).isCloseTo(0.5, within(0.01));
        assertThat(e.high()).isLessThan(1);
        assertThat(e.confidence()).isGreaterThanOrEqualTo(0.95);
        assertThat(e.text()).startsWith("lower by 50.0% [-5");
    }

    @Test
    void aSmallSignificantDifferenceInsideTheMarginIsEquivalentButWithoutAMarginItIsHigher() {
        double[] up2 = {20_410, 20_380, 20_440, 20_350, 20_420};
        assertThat(EffectRule.DEFAULT.decide(STEADY, up2).outcome()).isEqualTo(Effect.Outcome.EQUIVALENT);
        Effect strict = EffectRule.DEFAULT.withMargin(0).decide(STEADY, up2);
        assertThat(strict.outcome()).isEqualTo(Effect.Outcome.HIGHER);
        assertThat(strict.text()).startsWith("higher by 2.0% [+");
    }

    @Test
    void overlappingNoiseIsUndecidedAndSaysWhatItCouldHaveDetected() {
        double[] a = {100, 140, 90, 130, 110};
        double[] b = {120, 95, 150, 105, 125};
        Effect e = EffectRule.DEFAULT.decide(a, b);
        assertThat(e.outcome()).isEqualTo(Effect.Outcome.UNDECIDED);
        assertThat(e.low()).isLessThan(1);
        assertThat(e.high()).isGreaterThan(1);
        assertThat(e.detectable()).isGreaterThan(0.05);
        assertThat(e.detectable()).isGreaterThan(e.high() - 1);
        assertThat(e.text()).contains("these repetitions could detect ").endsWith("% or more");
    }

    @Test
    void oneRepetitionASideHasNoSpreadToJudgeBy() {
        Effect e = EffectRule.DEFAULT.decide(new double[] {100}, new double[] {50, 51});
        assertThat(e.outcome()).isEqualTo(Effect.Outcome.UNDECIDED);
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.ratio()).isCloseTo(0.505, within(0.001));
        assertThat(e.text()).isEqualTo("undecided: 1 and 2 repetitions, no spread to judge by (2 per side at least)");
    }

    @Test
    void threeRepetitionsASideDecideALargeEffect() {
        // acks=all against acks=1 at open load: a 3x difference with 5% noise needs no more than the sweep default.
        Effect e = EffectRule.DEFAULT.decide(new double[] {60_000, 63_000, 57_000}, new double[] {20_500, 19_400, 21_000});
        assertThat(e.outcome()).isEqualTo(Effect.Outcome.LOWER);
        assertThat(e.high()).isLessThan(0.4);
    }

    @Test
    void theIntervalMatchesWelchsByHand() {
        // logs: a = ln 100, ln 110; b = ln 200, ln 240. diff = ln(sqrt(48000 / 11000)); se^2 = (va + vb) / 2 each;
        // df by Welch-Satterthwaite; checked against the closed form below.
        double[] a = {100, 110};
        double[] b = {200, 240};
        double va = Math.pow(Math.log(110) - Math.log(100), 2) / 2 / 2;
        double vb = Math.pow(Math.log(240) - Math.log(200), 2) / 2 / 2;
        double df = Math.pow(va + vb, 2) / (va * va + vb * vb);
        double crit = new org.apache.commons.math3.distribution.TDistribution(df).inverseCumulativeProbability(0.975);
        double diff = (Math.log(200) + Math.log(240) - Math.log(100) - Math.log(110)) / 2;
        Effect e = new EffectRule(0.95, 0).decide(a, b);
        assertThat(e.ratio()).isCloseTo(Math.exp(diff), within(1e-12));
        assertThat(e.low()).isCloseTo(Math.exp(diff - crit * Math.sqrt(va + vb)), within(1e-9));
        assertThat(e.high()).isCloseTo(Math.exp(diff + crit * Math.sqrt(va + vb)), within(1e-9));
    }

    @Test
    void aValueThatIsNoRatioIsRefusedByName() {
        assertThatThrownBy(() -> EffectRule.DEFAULT.decide(new double[] {1, 0}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a[1]: must be positive and finite (got 0.0)");
        assertThatThrownBy(() -> new EffectRule(0.95, 1.5)).hasMessageStartingWith("margin:");
    }
}
