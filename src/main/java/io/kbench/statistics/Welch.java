package io.kbench.statistics;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Welch's two-sample t-test and interval for the difference of means, B - A, without assuming equal spreads: the
 * standard error sqrt(sA^2 / n + sB^2 / m) with the Welch-Satterthwaite degrees of freedom (Welch 1947, "The
 * generalization of 'Student's' problem when several different population variances are involved", Biometrika
 * 34(1-2)). Taken on the logarithms of positive figures, the difference is the log of the ratio of geometric means.
 *
 * @param difference       mean(B) - mean(A)
 * @param standardError    of the difference
 * @param degreesOfFreedom Welch-Satterthwaite; n + m - 2 when neither side has any spread
 */
public record Welch(double difference, double standardError, double degreesOfFreedom) {
    public Welch {
        if (!(standardError >= 0) || !(degreesOfFreedom > 0)) {
            throw new IllegalArgumentException("standardError and degreesOfFreedom: must be >= 0 and > 0 (got "
                    + standardError + ", " + degreesOfFreedom + ")");
        }
    }

    /** The test of {@code b} against {@code a}; each needs at least two values. */
    public static Welch of(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException("each side needs 2 values or more (got " + a.length + " and " + b.length + ")");
        }
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double sum = va + vb;
        double df = sum == 0 ? a.length + b.length - 2
                : sum * sum / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        return new Welch(mean(b) - mean(a), Math.sqrt(sum), df);
    }

    /** The same on the logarithms of positive values: the difference is ln(geometric mean B / geometric mean A). */
    public static Welch onLogs(double[] a, double[] b) {
        return of(logs("a", a), logs("b", b));
    }

    /** The two-sided p-value of "no difference"; 0 for a difference with no spread at all, 1 for none. */
    public double pValue() {
        if (standardError == 0) {
            return difference == 0 ? 1 : 0;
        }
        return 2 * t().cumulativeProbability(-Math.abs(difference / standardError));
    }

    /** {low, high}: the two-sided interval of the difference at {@code confidence}. */
    public double[] interval(double confidence) {
        double half = quantile(1 - (1 - confidence) / 2) * standardError;
        return new double[] {difference - half, difference + half};
    }

    /** {low, high}: the interval whose ends are the two one-sided tests at {@code 1 - confidence} each. */
    public double[] oneSidedBounds(double confidence) {
        double half = quantile(confidence) * standardError;
        return new double[] {difference - half, difference + half};
    }

    /**
     * The minimum detectable difference: the true difference a two-sided test at {@code confidence} finds with
     * {@code power} (Bloom 1995, "Minimum detectable effects", Evaluation Review 19(5)).
     */
    public double minimumDetectable(double confidence, double power) {
        return (quantile(1 - (1 - confidence) / 2) + quantile(power)) * standardError;
    }

    private double quantile(double p) {
        return t().inverseCumulativeProbability(p);
    }

    private TDistribution t() {
        return new TDistribution(null, degreesOfFreedom);
    }

    static double[] logs(String side, double[] values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException(side + "[" + i + "]: must be positive and finite (got " + values[i] + ")");
            }
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }

    static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    static double variance(double[] v) {
        double m = mean(v);
        double sum = 0;
        for (double x : v) {
            sum += (x - m) * (x - m);
        }
        return sum / (v.length - 1);
    }
}
