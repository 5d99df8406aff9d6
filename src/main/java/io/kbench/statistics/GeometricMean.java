package io.kbench.statistics;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The geometric mean of repeated positive figures with its confidence interval: Student's t interval on the
 * logarithms (Student 1908, "The probable error of a mean", Biometrika 6(1)), the one-sample case of the interval
 * {@link EffectRule} takes from {@link Welch} (Welch 1947) for two. On the logarithms, as there, so that an answer
 * twice as high and one half as high weigh alike; back on the figures' scale the interval is exp(mean +- t s / sqrt(n)),
 * asymmetric around the geometric mean by the same factor on each side.
 *
 * @param value      the geometric mean, exp(mean of the logarithms)
 * @param low        the interval's lower end (NaN with one value: no spread to judge by)
 * @param high       the interval's upper end (NaN likewise)
 * @param confidence the interval's confidence, e.g. 0.95
 * @param count      how many values
 */
public record GeometricMean(double value, double low, double high, double confidence, int count) {
    public GeometricMean {
        if (!(confidence >= 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence: must be in [0.5, 1) (got " + confidence + ")");
        }
        if (count < 1) {
            throw new IllegalArgumentException("count: must be >= 1 (got " + count + ")");
        }
    }

    /** The geometric mean of {@code values} (each positive and finite) with its two-sided interval at {@code confidence}. */
    public static GeometricMean of(double[] values, double confidence) {
        if (values.length == 0) {
            throw new IllegalArgumentException("values: needs one at least (got none)");
        }
        double[] logs = Welch.logs("values", values);
        double mean = Welch.mean(logs);
        if (values.length < 2) {
            return new GeometricMean(Math.exp(mean), Double.NaN, Double.NaN, confidence, 1);
        }
        if (Arrays.stream(values).allMatch(v -> v == values[0])) {
            // No spread: the value itself, exactly (exp(mean(log)) can land an ulp beside it and exclude it).
            return new GeometricMean(values[0], values[0], values[0], confidence, values.length);
        }
        double se = Math.sqrt(Welch.variance(logs) / logs.length);
        double t = new TDistribution(null, logs.length - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        return new GeometricMean(Math.exp(mean), Math.exp(mean - t * se), Math.exp(mean + t * se), confidence, values.length);
    }

    /** Whether there were values enough (two) for an interval. */
    public boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /**
     * The interval's half width relative to the geometric mean, as a fraction: high / value - 1, the wider of its two
     * sides (on the logarithms they are equal, so high / value = value / low). Infinite without an interval.
     */
    public double relativeHalfWidth() {
        return hasInterval() ? high / value - 1 : Double.POSITIVE_INFINITY;
    }

    /** Whether the interval lies within +-{@code fraction} of the geometric mean. */
    public boolean within(double fraction) {
        return relativeHalfWidth() <= fraction * (1 + 1e-12);
    }
}
