package io.kbench.statistics;

import java.util.List;
import org.apache.commons.math3.distribution.FDistribution;

/**
 * A main effect over strata: the mean, over G groups (strata) compared like with like, of each group's difference of
 * mean logarithms, B - A. Its standard error is sqrt(sum of the groups' squared standard errors) / G, and its
 * degrees of freedom are Satterthwaite's for that sum of 2G independent variance terms (F. E. Satterthwaite 1946, "An
 * approximate distribution of estimates of variance components", Biometrics Bulletin 2(6)); with one group it is
 * exactly {@link Welch}'s interval. No group's spread is assumed equal to another's, and no group weighs more than
 * another: the effect is the geometric mean of the groups' ratios, the contrast of a factorial experiment's main
 * effect with unequal variances.
 */
public final class PooledContrast {
    private PooledContrast() {
    }

    /**
     * The contrast of {@code bs} against {@code as}, group by group ({@code as.get(g)} is group g's A side); values are
     * positive figures, taken on their logarithms; every side needs two values or more.
     */
    public static Welch onLogs(List<double[]> as, List<double[]> bs) {
        if (as.isEmpty() || as.size() != bs.size()) {
            throw new IllegalArgumentException("as and bs: need the same number of groups, at least one (got "
                    + as.size() + " and " + bs.size() + ")");
        }
        int groups = as.size();
        double difference = 0;
        double variance = 0;
        double denominator = 0;
        int values = 0;
        for (int g = 0; g < groups; g++) {
            double[] a = Welch.logs("as[" + g + "]", as.get(g));
            double[] b = Welch.logs("bs[" + g + "]", bs.get(g));
            if (a.length < 2 || b.length < 2) {
                throw new IllegalArgumentException("group " + g + ": each side needs 2 values or more (got " + a.length
                        + " and " + b.length + ")");
            }
            difference += Welch.mean(b) - Welch.mean(a);
            double va = Welch.variance(a) / a.length;
            double vb = Welch.variance(b) / b.length;
            variance += va + vb;
            denominator += va * va / (a.length - 1) + vb * vb / (b.length - 1);
            values += a.length + b.length;
        }
        double df = denominator == 0 ? values - 2.0 * groups : variance * variance / denominator;
        return new Welch(difference / groups, Math.sqrt(variance) / groups, df);
    }

    /**
     * Whether the groups' effects (each group's difference of mean logarithms) differ by more than their spreads
     * explain: Welch's test of equal means with unequal variances (B. L. Welch 1951, "On the comparison of several mean
     * values: an alternative approach", Biometrika 38(3/4)), each group's variance with its own Welch-Satterthwaite
     * degrees of freedom. Cochran's Q (1954) against chi-square was the first choice and was dropped: with 3 runs a side
     * its 2-degree variances make it call agreeing groups different 16% (4 groups) to 45% (18 groups) of the time at a
     * nominal 5%, where Welch's test stays at 2-6% (2,000 simulated sweeps each, groups of 3 to 10 runs a side, spreads
     * 0.05 to 0.5 on the log scale, 2026-11-30). A signal that a main effect averages unlike effects, not a verdict.
     * Null with fewer than two groups or a group without spread.
     */
    public static Heterogeneity heterogeneity(List<double[]> as, List<double[]> bs) {
        if (as.size() != bs.size()) {
            throw new IllegalArgumentException("as and bs: need the same number of groups (got " + as.size() + " and "
                    + bs.size() + ")");
        }
        int k = as.size();
        if (k < 2) {
            return null;
        }
        double[] d = new double[k];
        double[] w = new double[k];
        double[] nu = new double[k];
        double sumW = 0;
        for (int g = 0; g < k; g++) {
            double[] a = Welch.logs("as[" + g + "]", as.get(g));
            double[] b = Welch.logs("bs[" + g + "]", bs.get(g));
            double va = Welch.variance(a) / a.length;
            double vb = Welch.variance(b) / b.length;
            double v = va + vb;
            if (!(va > 0) || !(vb > 0)) {
                return null; // a side without spread has an infinite weight and no degrees of freedom
            }
            d[g] = Welch.mean(b) - Welch.mean(a);
            w[g] = 1 / v;
            nu[g] = v * v / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
            sumW += w[g];
        }
        double mean = 0;
        for (int g = 0; g < k; g++) {
            mean += w[g] * d[g] / sumW;
        }
        double between = 0;
        double lambda = 0;
        for (int g = 0; g < k; g++) {
            between += w[g] * (d[g] - mean) * (d[g] - mean);
            lambda += (1 - w[g] / sumW) * (1 - w[g] / sumW) / nu[g];
        }
        double f = between / (k - 1) / (1 + 2.0 * (k - 2) / (k * k - 1.0) * lambda);
        double df2 = (k * k - 1.0) / (3 * lambda);
        double p = 1 - new FDistribution(k - 1, df2).cumulativeProbability(f);
        return new Heterogeneity(f, k - 1, df2, p);
    }

    /**
     * Welch's heterogeneity test over the groups.
     *
     * @param f   the statistic
     * @param df1 groups - 1
     * @param df2 the denominator's degrees of freedom
     * @param p   the chance of an F this large were every group's effect the same
     */
    public record Heterogeneity(double f, int df1, double df2, double p) {
        /** Whether the groups differ beyond chance at {@code alpha}. */
        public boolean differs(double alpha) {
            return p < alpha;
        }
    }
}
