package io.kbench.statistics;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * A robust straight-line trend of a series: the Theil-Sen slope, the median of the slopes between every pair of points
 * (Theil 1950, "A rank-invariant method of linear and polynomial regression analysis", Proc. KNAW 53; Sen 1968,
 * "Estimates of the regression coefficient based on Kendall's tau", JASA 63(324)), with Sen's distribution-free
 * confidence interval: the order statistics of the pairwise slopes at (N - C) / 2 and (N + C) / 2 + 1, where N is the
 * number of slopes and C = z(1 - alpha/2) sqrt(n (n - 1) (2n + 5) / 18), the standard deviation of Kendall's S under no
 * trend, as Gilbert (1987, "Statistical Methods for Environmental Pollution Monitoring", ch. 16.4) tabulates it. Least
 * squares would let one stalled or catch-up interval tilt the line; up to 29% of the points can be wild before this
 * slope follows them.
 *
 * <p>The interval is the normal approximation, good from about ten points; it assumes independent residuals, which
 * neighbouring intervals of a run are not quite, so a series whose points follow each other closely gets an interval
 * somewhat narrower than it should be. Above {@link #MAX_POINTS} points the series is first averaged over consecutive
 * groups (n^2 slopes would not fit in memory for a day of one-second intervals); averaging also weakens that
 * dependence.
 *
 * @param slope     the median pairwise slope, y units per x unit
 * @param low       the interval's lower end
 * @param high      the interval's upper end
 * @param points    how many points the slope was taken over (after grouping)
 * @param confidence the interval's confidence, e.g. 0.95
 */
public record TheilSen(double slope, double low, double high, int points, double confidence) {
    /** Fewest points for a slope and its interval. */
    public static final int MIN_POINTS = 3;
    /** Most points the pairwise slopes are taken over; a longer series is averaged in consecutive groups first. */
    public static final int MAX_POINTS = 600;

    public TheilSen {
        if (!(low <= slope && slope <= high)) {
            throw new IllegalArgumentException("slope: must lie in its interval [" + low + ", " + high + "] (got "
                    + slope + ")");
        }
    }

    /** The trend of y over x (same lengths, x strictly increasing, at least {@link #MIN_POINTS} points). */
    public static TheilSen of(double[] x, double[] y, double confidence) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y: must have the same length (got " + x.length + " and "
                    + y.length + ")");
        }
        if (x.length < MIN_POINTS) {
            throw new IllegalArgumentException("points: need " + MIN_POINTS + " or more (got " + x.length + ")");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence: must be in (0, 1) (got " + confidence + ")");
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i]) || !Double.isFinite(y[i]) || i > 0 && !(x[i] > x[i - 1])) {
                throw new IllegalArgumentException("point " + i + ": x must increase and x, y be finite (got x=" + x[i]
                        + ", y=" + y[i] + ")");
            }
        }
        int group = (x.length + MAX_POINTS - 1) / MAX_POINTS;
        double[] gx = grouped(x, group);
        double[] gy = grouped(y, group);
        int n = gx.length;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                slopes[k++] = (gy[j] - gy[i]) / (gx[j] - gx[i]);
            }
        }
        Arrays.sort(slopes);
        int count = slopes.length;
        double median = count % 2 == 1 ? slopes[count / 2] : (slopes[count / 2 - 1] + slopes[count / 2]) / 2;
        double z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double c = z * Math.sqrt(n * (n - 1.0) * (2.0 * n + 5) / 18);
        // 1-based ranks (N - C) / 2 and (N + C) / 2 + 1, rounded outwards so the interval is never narrower.
        int lowRank = (int) Math.floor((count - c) / 2);
        int highRank = (int) Math.ceil((count + c) / 2) + 1;
        double low = slopes[Math.max(0, Math.min(count - 1, lowRank - 1))];
        double high = slopes[Math.max(0, Math.min(count - 1, highRank - 1))];
        return new TheilSen(median, Math.min(low, median), Math.max(high, median), n, confidence);
    }

    /** Whether the interval excludes a zero slope: a trend these points show, not only an estimate off zero. */
    public boolean excludesZero() {
        return low > 0 || high < 0;
    }

    /** Means of consecutive groups of {@code size} values (the last group may be shorter). */
    private static double[] grouped(double[] values, int size) {
        if (size == 1) {
            return values;
        }
        double[] out = new double[(values.length + size - 1) / size];
        for (int g = 0; g < out.length; g++) {
            int from = g * size;
            int to = Math.min(values.length, from + size);
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += values[i];
            }
            out[g] = sum / (to - from);
        }
        return out;
    }
}
