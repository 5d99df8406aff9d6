package io.kbench.result;

import java.util.List;

/**
 * Median, minimum and maximum of one figure over repeated runs, and the runs' values themselves.
 *
 * @param median the median (mean of the two middle values for an even count)
 * @param min    the smallest value
 * @param max    the largest value
 * @param count  how many runs the figure comes from
 * @param values each run's value in the order the runs were made; null in results written before kbench kept them
 *               (an effect with its interval needs every repetition, not only the range)
 */
public record Spread(double median, double min, double max, int count, List<Double> values) {
    public Spread {
        if (values != null && values.size() != count) {
            throw new IllegalArgumentException("values: need one per run (got " + values.size() + " for " + count + ")");
        }
        values = values == null ? null : List.copyOf(values);
        if (count < 1) {
            throw new IllegalArgumentException("a spread needs at least one value (got " + count + ")");
        }
        if (!(min <= median && median <= max)) {
            throw new IllegalArgumentException("need min <= median <= max (got " + min + ", " + median + ", " + max + ")");
        }
    }

    /** A spread without its values, as results written before kbench kept them. */
    public Spread(double median, double min, double max, int count) {
        this(median, min, max, count, null);
    }

    /**
     * Each run's value: the kept values, or, for a result without them, what the range still says exactly (one run:
     * the median; two: min and max; three: min, median and max); empty beyond that.
     */
    public java.util.Optional<double[]> repetitions() {
        if (values != null) {
            return java.util.Optional.of(values.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return switch (count) {
            case 1 -> java.util.Optional.of(new double[] {median});
            case 2 -> java.util.Optional.of(new double[] {min, max});
            case 3 -> java.util.Optional.of(new double[] {min, median, max});
            default -> java.util.Optional.empty();
        };
    }

    /** The spread of {@code values}; at least one. */
    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n, values);
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
        return median + " [" + min + ".." + max + "] n=" + count + (values == null ? "" : " " + values);
    }
}
