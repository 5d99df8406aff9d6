package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class SequentialLooksTest {
    private static final SequentialLooks LOOKS = new SequentialLooks(0.05);

    @Test
    void theSpendingFunctionIsOBrienFlemingLike() {
        assertThat(LOOKS.spent(0)).isZero();
        assertThat(LOOKS.spent(1)).isEqualTo(0.05);
        assertThat(LOOKS.spent(2)).isEqualTo(0.05);
        // 2 - 2 Phi(1.96 / sqrt(0.5)) = 2 Phi(-2.772)
        assertThat(LOOKS.spent(0.5)).isCloseTo(0.00557, within(0.00005));
        assertThat(LOOKS.spent(0.3)).isCloseTo(0.000346, within(0.000005));
        assertThat(LOOKS.spent(0.01)).isGreaterThan(0).isLessThan(1e-80);
        double before = 0;
        for (int i = 1; i <= 100; i++) {
            double now = LOOKS.spent(i / 100.0);
            assertThat(now).as("t = %d%%", i).isGreaterThan(before);
            before = now;
        }
    }

    @Test
    void theIncrementsOfAnyLooksAddUpToAtMostAlpha() {
        int[] runs = {6, 8, 10, 12, 14, 16, 18, 20};
        double previous = 0;
        double sum = 0;
        for (int r : runs) {
            SequentialLooks.Look look = LOOKS.look(previous, r / 20.0, 0.05);
            sum += look.increment();
            assertThat(look.spent()).isCloseTo(sum, within(1e-15));
            previous = look.t();
        }
        assertThat(sum).isCloseTo(0.05, within(1e-15)).isLessThanOrEqualTo(0.05);
        SequentialLooks.Look last = LOOKS.look(18 / 20.0, 1, 0.05);
        assertThat(last.rule().confidence()).isCloseTo(1 - (0.05 - LOOKS.spent(0.9)), within(1e-15));
        assertThat(last.rule().margin()).isEqualTo(0.05);
    }

    @Test
    void aLookTooEarlyToSpendAnythingDecidesNothing() {
        SequentialLooks.Look early = LOOKS.look(0, 0.005, 0);
        assertThat(early.canDecide()).isFalse();
        assertThatThrownBy(early::rule).isInstanceOf(IllegalStateException.class).hasMessageContaining("decides nothing");
        assertThatThrownBy(() -> LOOKS.look(0.5, 0.5, 0)).hasMessageContaining("t: a look needs more information");
        assertThatThrownBy(() -> new SequentialLooks(0)).hasMessageContaining("alpha: must be in (0, 0.5] (got 0.0)");
    }

    /**
     * 2000 sweeps of two points with no difference between them, each looking after every round from 3 repetitions a
     * side up to a budget of 10 a side: the share that ever decides "higher" or "lower" stays within alpha with the
     * spending rule, and is well above it when every look judges at the full 95%.
     */
    @Test
    void underNoDifferenceTheRepeatedLooksDecideDifferentAtMostAlphaOfTheTime() {
        int spending = falseDifferences(look -> look.rule().withMargin(0), 7);
        int naive = falseDifferences(look -> new EffectRule(0.95, 0), 7);
        assertThat(spending / 2000.0).as("spending rule").isLessThanOrEqualTo(0.05).isGreaterThan(0.01);
        assertThat(naive / 2000.0).as("every look at 95%").isGreaterThan(0.08);
    }

    /** Under a true effect of exactly the margin (+5%), the share of sweeps decided "equivalent" stays within alpha. */
    @Test
    void atTheMarginTheRepeatedLooksDecideEquivalentAtMostAlphaOfTheTime() {
        Random random = new Random(11);
        int equivalent = 0;
        for (int s = 0; s < 2000; s++) {
            double[] a = new double[10];
            double[] b = new double[10];
            for (int i = 0; i < 10; i++) {
                a[i] = 20_000 * Math.exp(0.03 * random.nextGaussian());
                b[i] = 20_000 * 1.05 * Math.exp(0.03 * random.nextGaussian());
            }
            if (sequence(a, b, look -> look.rule()) == Effect.Outcome.EQUIVALENT) {
                equivalent++;
            }
        }
        assertThat(equivalent / 2000.0).isLessThanOrEqualTo(0.05);
    }

    private static int falseDifferences(java.util.function.Function<SequentialLooks.Look, EffectRule> rule, long seed) {
        Random random = new Random(seed);
        int decided = 0;
        for (int s = 0; s < 2000; s++) {
            IntFunction<double[]> side = n -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = 20_000 * Math.exp(0.05 * random.nextGaussian());
                }
                return v;
            };
            Effect.Outcome o = sequence(side.apply(10), side.apply(10), rule);
            if (o == Effect.Outcome.HIGHER || o == Effect.Outcome.LOWER) {
                decided++;
            }
        }
        return decided;
    }

    /** Looks after 3, 4, ... 10 repetitions a side (budget 20 runs); the first decided outcome, or undecided. */
    private static Effect.Outcome sequence(double[] a, double[] b,
                                           java.util.function.Function<SequentialLooks.Look, EffectRule> rule) {
        double previous = 0;
        for (int n = 3; n <= 10; n++) {
            SequentialLooks.Look look = LOOKS.look(previous, 2.0 * n / 20, 0.05);
            if (!look.canDecide()) {
                continue;
            }
            previous = look.t();
            Effect e = rule.apply(look).decide(java.util.Arrays.copyOf(a, n), java.util.Arrays.copyOf(b, n));
            if (e.decided()) {
                return e.outcome();
            }
        }
        return Effect.Outcome.UNDECIDED;
    }
}
