package io.kbench.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Synthetic series with known shifts, and pure noise for the false-positive rate; every series seeded. */
class ChangePointDetectorTest {
    private static double[] noise(Random r, int n, double mean, double sd) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = mean + sd * r.nextGaussian();
        }
        return x;
    }

    private static double[] concat(double[]... parts) {
        int n = 0;
        for (double[] p : parts) {
            n += p.length;
        }
        double[] x = new double[n];
        int at = 0;
        for (double[] p : parts) {
            System.arraycopy(p, 0, x, at, p.length);
            at += p.length;
        }
        return x;
    }

    @Test
    void oneShiftIsFoundWhereItIsWithItsMagnitude() {
        {
            Random r = new Random(7);
            double[] x = concat(noise(r, 20, 100, 2), noise(r, 20, 80, 2));
            List<ChangePoint> cps = new ChangePointDetector(Settings.defaults()).detect(x);
            assertThat(cps).singleElement().satisfies(cp -> {
                assertThat(cp.index()).isEqualTo(20);
                assertThat(cp.relativeChange()).isBetween(-0.22, -0.18);
                assertThat(cp.ciLow()).isLessThan(cp.relativeChange());
                assertThat(cp.ciHigh()).isGreaterThan(cp.relativeChange());
                assertThat(cp.pValue()).isLessThanOrEqualTo(0.01);
            });
        }
    }

    @Test
    void twoShiftsAreBothFound() {
        Random r = new Random(11);
        double[] x = concat(noise(r, 15, 100, 3), noise(r, 15, 130, 3), noise(r, 15, 90, 3));
        assertThat(new ChangePointDetector(Settings.defaults()).detect(x))
                .extracting(ChangePoint::index).containsExactly(15, 30);
    }

    @Test
    void oneSlowRunAmongTenIsMarkedAndNothingElse() {
        Random r = new Random(3);
        double[] x = noise(r, 10, 20_000, 300);
        x[5] = 10_000;
        List<ChangePoint> cps = new ChangePointDetector(Settings.defaults()).detect(x);
        assertThat(cps).singleElement().satisfies(cp -> {
            assertThat(cp.index()).isEqualTo(5);
            assertThat(cp.isolated()).isTrue();
            assertThat(cp.relativeChange()).isLessThan(-0.4);
            assertThat(cp.pValue()).isLessThanOrEqualTo(0.01);
        });
    }

    @Test
    void aShiftSmallerThanTheMinimumEffectIsNotReported() {
        Random r = new Random(5);
        double[] x = concat(noise(r, 20, 100, 0.5), noise(r, 20, 97, 0.5));
        assertThat(new ChangePointDetector(Settings.defaults()).detect(x)).hasSize(1);
        assertThat(new ChangePointDetector(Settings.defaults().withMinEffect(0.05)).detect(x)).isEmpty();
    }

    /**
     * Pure noise, 300 seeded series of 30 runs: the share with any change point stays near the stated level. The
     * two steps share the level; the binomial 99.9% bound at p = 0.05 over 300 series is ~9%.
     */
    @Test
    void pureNoiseGivesFalsePositivesAtTheStatedLevel() {
        {
            Settings settings = Settings.defaults().withSignificance(0.05);
            int withAny = 0;
            Random r = new Random(42);
            for (int s = 0; s < 300; s++) {
                if (!new ChangePointDetector(settings).detect(noise(r, 30, 100, 5)).isEmpty()) {
                    withAny++;
                }
            }
            System.out.printf("%d of 300 noise series with a change point at significance 0.05%n", withAny);
            assertThat(withAny / 300.0).isLessThanOrEqualTo(0.09);
        }
    }

    /**
     * The case the permutation test alone missed: 4 open-load runs, then 4 with the broker held to half a core
     * (records/s as measured on the 2-core machine). 70 orderings of a 4/4 split kept its p-value above 0.01.
     */
    @Test
    void fourRunsAgainstFourAtAThirdAreAShiftAtTheDefaultSignificance() {
        double[] x = {41_010, 52_390, 45_480, 48_120, 15_188, 16_039, 15_510, 15_760};
        List<ChangePoint> cps = new ChangePointDetector(Settings.defaults()).detect(x);
        assertThat(cps).singleElement().satisfies(cp -> {
            assertThat(cp.index()).isEqualTo(4);
            assertThat(cp.isolated()).isFalse();
            assertThat(cp.relativeChange()).isCloseTo(-0.67, within(0.02));
            assertThat(cp.pValue()).isLessThanOrEqualTo(0.01);
        });
    }

    /** Short noisy series: Welch's half of the level may not turn noise into shifts either. */
    @Test
    void shortNoiseSeriesStayQuietAtTheStatedLevel() {
        Settings settings = Settings.defaults().withSignificance(0.05);
        int withAny = 0;
        Random r = new Random(7);
        for (int s = 0; s < 300; s++) {
            if (!new ChangePointDetector(settings).detect(noise(r, 8, 100, 5)).isEmpty()) {
                withAny++;
            }
        }
        System.out.printf("%d of 300 noise series of 8 runs with a change point at significance 0.05%n", withAny);
        assertThat(withAny / 300.0).isLessThanOrEqualTo(0.09);
    }
}
