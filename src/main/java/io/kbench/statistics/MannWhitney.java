package io.kbench.statistics;

import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

/**
 * Two-sided Mann-Whitney U test (Mann &amp; Whitney 1947). Exact when the samples are small and have no ties (the
 * distribution of U counted by the usual recursion), else the normal approximation with tie correction of Apache
 * Commons Math. The exact form matters here: a gate compares a few repetitions with a few baseline runs, where the
 * approximation is poor.
 */
public final class MannWhitney {
    /**
     * Exact up to this many pairs (n x m). The counts are doubles: C(n + m, n) outgrows a long from 34 against 34
     * values, and a double's 53-bit mantissa keeps the tail ratios to about 1e-16.
     */
    static final int EXACT_PAIRS = 2_500;

    private MannWhitney() {
    }

    /** The two-sided p-value of {@code x} against {@code y}; 1 when either is empty. */
    public static double pValue(double[] x, double[] y) {
        if (x.length == 0 || y.length == 0) {
            return 1;
        }
        if ((long) x.length * y.length <= EXACT_PAIRS && !ties(x, y)) {
            return exact(x, y);
        }
        return new MannWhitneyUTest().mannWhitneyUTest(x, y);
    }

    /** The smallest p-value samples of these sizes can reach: below the significance level or no verdict is possible. */
    public static double smallestPossible(int n, int m) {
        double[] x = new double[n];
        double[] y = new double[m];
        for (int i = 0; i < n; i++) {
            x[i] = i;
        }
        for (int j = 0; j < m; j++) {
            y[j] = n + j;
        }
        return pValue(x, y);
    }

    private static boolean ties(double[] x, double[] y) {
        double[] all = new double[x.length + y.length];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        java.util.Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    private static double exact(double[] x, double[] y) {
        int n = x.length;
        int m = y.length;
        long u = 0;
        for (double a : x) {
            for (double b : y) {
                u += a > b ? 1 : 0;
            }
        }
        double[] counts = distribution(n, m);
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        long uMin = Math.min(u, (long) n * m - u);
        double tail = 0;
        for (int k = 0; k <= uMin; k++) {
            tail += counts[k];
        }
        return Math.min(1, 2 * tail / total);
    }

    /** P(U <= u) under the null hypothesis: counted up to {@link #EXACT_PAIRS} pairs, else the normal approximation. */
    static double lowerTail(int n, int m, long u) {
        long pairs = (long) n * m;
        if (pairs > EXACT_PAIRS) {
            double sd = Math.sqrt(pairs * (n + m + 1) / 12.0);
            return new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(
                    (u + 0.5 - pairs / 2.0) / sd);
        }
        double[] counts = distribution(n, m);
        double total = 0;
        double tail = 0;
        for (int i = 0; i < counts.length; i++) {
            total += counts[i];
            tail += i <= u ? counts[i] : 0;
        }
        return tail / total;
    }

    /** counts[u]: how many orderings of n x's and m y's give U = u (the number of (x, y) pairs with x > y). */
    static double[] distribution(int n, int m) {
        // f[i][j][u]: orderings of i x's and j y's with U = u; the last element is an x (adds j) or a y (adds 0).
        double[][][] f = new double[n + 1][m + 1][];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= m; j++) {
                f[i][j] = new double[i * j + 1];
                if (i == 0 || j == 0) {
                    f[i][j][0] = 1;
                    continue;
                }
                for (int u = 0; u <= i * j; u++) {
                    double withX = u - j >= 0 && u - j < f[i - 1][j].length ? f[i - 1][j][u - j] : 0;
                    double withY = u < f[i][j - 1].length ? f[i][j - 1][u] : 0;
                    f[i][j][u] = withX + withY;
                }
            }
        }
        return f[n][m];
    }
}
