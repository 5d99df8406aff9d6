package io.kbench.statistics;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/** The p-values behind a change point: the permutation test and the prediction-interval t-test. */
final class Significance {
    private Significance() {
    }

    /**
     * Matteson &amp; James's permutation p-value of the best split of {@code x[from, to)}: the share of shuffles
     * whose best split diverges at least as much, counting the observed order as one of them.
     */
    static double permutation(double[] x, int from, int to, double observedQ, int permutations, SplittableRandom random) {
        double[] copy = Arrays.copyOfRange(x, from, to);
        int atLeast = 0;
        for (int p = 0; p < permutations; p++) {
            shuffle(copy, random);
            EDivisive.Split s = EDivisive.best(copy, 0, copy.length);
            if (s != null && s.q() >= observedQ) {
                atLeast++;
            }
        }
        return (atLeast + 1.0) / (permutations + 1.0);
    }

    /**
     * Student's two-sample t p-value of the split of {@code x[from, to)} at {@code cut} (pooled variance: under "no
     * change" both sides share one spread, and the test is exact for normal values; Welch's, whose degrees of freedom
     * follow the smaller side's spread, made shifts of pure noise where two close values sat at an end), on the
     * logarithms when every value is positive (a run's records/s or ms), Bonferroni-corrected for the
     * {@code to - from - 3} places the split could have been put with two values on each side. 1 when a side has fewer than two values. The
     * permutation test cannot go below about 2 / C(n, n/2) (8 runs: 70 orderings of a 4/4 split), so without this a
     * shift in a short series can never be significant at 0.01; with it, 4 runs against 4 can.
     */
    static double tSplit(double[] x, int from, int cut, int to) {
        if (cut - from < ChangePointDetector.MIN_RUNS_FOR_A_SHIFT / 2 || to - cut < ChangePointDetector.MIN_RUNS_FOR_A_SHIFT / 2) {
            return 1;
        }
        boolean positive = Arrays.stream(x, from, to).allMatch(v -> v > 0);
        SummaryStatistics before = new SummaryStatistics();
        SummaryStatistics after = new SummaryStatistics();
        for (int i = from; i < to; i++) {
            (i < cut ? before : after).addValue(positive ? Math.log(x[i]) : x[i]);
        }
        double n1 = before.getN();
        double n2 = after.getN();
        double pooled = ((n1 - 1) * before.getVariance() + (n2 - 1) * after.getVariance()) / (n1 + n2 - 2);
        double diff = after.getMean() - before.getMean();
        double se = Math.sqrt(pooled * (1 / n1 + 1 / n2));
        double p = se == 0 ? (diff == 0 ? 1 : 0) : twoSided(diff / se, n1 + n2 - 2);
        return Math.min(1, p * places(to - from));
    }

    /**
     * The places a split of {@code m} values can be put with two values on each side, m - 3: the Bonferroni factor of
     * the t-test of a split (a side of one value has no spread, so {@link #tSplit} never judges such a split).
     */
    static int places(int m) {
        return Math.max(1, m - ChangePointDetector.MIN_RUNS_FOR_A_SHIFT + 1);
    }

    private static void shuffle(double[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** Two-sided p-value of {@code value} against the prediction interval of {@code others} (2 or more). */
    static double lone(double value, double[] others) {
        SummaryStatistics other = new SummaryStatistics();
        for (double v : others) {
            other.addValue(v);
        }
        double s = other.getStandardDeviation();
        double diff = value - other.getMean();
        if (others.length < 2 || s == 0) {
            return diff == 0 || others.length < 2 ? 1 : 0;
        }
        double t = diff / (s * Math.sqrt(1 + 1.0 / other.getN()));
        return twoSided(t, other.getN() - 1);
    }

    private static double twoSided(double t, double df) {
        return 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
    }

    static SummaryStatistics stats(double[] x, int from, int to) {
        SummaryStatistics s = new SummaryStatistics();
        for (int i = from; i < to; i++) {
            s.addValue(x[i]);
        }
        return s;
    }
}
