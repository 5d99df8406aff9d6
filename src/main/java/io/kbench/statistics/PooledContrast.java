package io.kbench.statistics;

import java.util.List;

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
}
