package io.kbench.statistics;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of a change's relative magnitude: both segments resampled with replacement, the relative
 * change of their means taken each time, and the 2.5th and 97.5th percentiles kept (Efron &amp; Tibshirani 1993).
 */
final class Bootstrap {
    private Bootstrap() {
    }

    /** {low, high} of (mean(x[cut, c)) - mean(x[a, cut))) / mean(x[a, cut)), 95%. */
    static double[] relativeChange(double[] x, int a, int cut, int c, SplittableRandom random) {
        double[] draws = new double[Settings.BOOTSTRAP];
        for (int i = 0; i < draws.length; i++) {
            double before = resampledMean(x, a, cut, random);
            double after = resampledMean(x, cut, c, random);
            draws[i] = before == 0 ? 0 : (after - before) / before;
        }
        Arrays.sort(draws);
        return new double[] {draws[(int) (0.025 * (draws.length - 1))], draws[(int) Math.ceil(0.975 * (draws.length - 1))]};
    }

    private static double resampledMean(double[] x, int from, int to, SplittableRandom random) {
        int n = to - from;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += x[from + random.nextInt(n)];
        }
        return sum / n;
    }
}
