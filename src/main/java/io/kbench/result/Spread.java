package io.kbench.result;

import java.util.List;

/**
 * Median, minimum and maximum of one figure over repeated runs.
 *
 * @param median the median (mean of the two middle values for an even count)
 * @param min    the smallest value
 * @param max    the largest value
 * @param count  how many runs the figure comes from
 */
public record Spread(double median, double min, double max, int count) {
    public Spread {
        if (count < 1) {
            throw new IllegalArgumentException("a spread needs at least one value (got " + count + ")");
        }
        if (!(min <= median && median <= max)) {
            throw new IllegalArgumentException("need min <= median <= max (got " + min + ", " + median + ", " + max + ")");
        }
    }

    /** The spread of {@code values}; at least one. */
    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    /** A single measurement. */
    public static Spread single(double value) {
        return of(List.of(value));
    }

    /** Whether the min..max ranges of both spreads overlap (touching counts as overlap). */
    public boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }

    @Override
    public String toString() {
        return median + " [" + min + ".." + max + "] n=" + count;
    }
}
