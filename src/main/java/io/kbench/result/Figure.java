package io.kbench.result;

import java.util.Locale;

/** One computed number with its unit and the formula that produced it, so every report line explains itself. */
public record Figure(String key, String label, double value, String unit, String formula) {
    public Figure {
        if (!Double.isFinite(value)) {
            throw new IllegalStateException("figure " + key + " is not finite: " + value);
        }
    }

    /**
     * A figure's number in words, in tables and in the formulas that quote it alike: integral values without decimals
     * (counts, events), everything else with two.
     */
    public static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, "%,.2f", value);
    }
}
