package io.kbench.statistics;

/**
 * The E-divisive divergence of Matteson &amp; James (2014) with alpha = 1: for a split of a segment into X (before)
 * and Y (after), Q = (|X||Y| / (|X|+|Y|)) (2 mean|x-y| - mean|x-x'| - mean|y-y'|), and the best split is the one
 * that maximises Q. One scan costs O(n^2), by updating the three sums as the split moves right.
 */
final class EDivisive {
    private EDivisive() {
    }

    /** The best split of {@code x[from, to)}: its index (first of the second part) and Q; null under 2 values. */
    static Split best(double[] x, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return null;
        }
        double between = 0;   // sum |x_i - x_j|, i in left, j in right
        double withinLeft = 0;
        double withinRight = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                withinRight += Math.abs(x[i] - x[j]);
            }
        }
        Split best = null;
        for (int tau = from + 1; tau < to; tau++) {
            // x[tau-1] moves from the right part to the left.
            double toLeft = 0;
            double toRight = 0;
            int moved = tau - 1;
            for (int i = from; i < moved; i++) {
                toLeft += Math.abs(x[i] - x[moved]);
            }
            for (int j = tau; j < to; j++) {
                toRight += Math.abs(x[moved] - x[j]);
            }
            withinLeft += toLeft;
            withinRight -= toRight;
            between += toRight - toLeft;
            double q = q(tau - from, to - tau, between, withinLeft, withinRight);
            if (best == null || q > best.q()) {
                best = new Split(tau, q);
            }
        }
        return best;
    }

    private static double q(int m, int k, double between, double withinLeft, double withinRight) {
        double b = 2 * between / ((double) m * k);
        double l = m < 2 ? 0 : withinLeft / (m * (m - 1) / 2.0);
        double r = k < 2 ? 0 : withinRight / (k * (k - 1) / 2.0);
        return (double) m * k / (m + k) * (b - l - r);
    }

    /** A split: the index where the second part starts, and its divergence Q. */
    record Split(int index, double q) {
    }
}
