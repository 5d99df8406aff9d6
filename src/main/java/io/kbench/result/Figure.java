package io.kbench.result;

/** One computed number with its unit and the formula that produced it, so every report line explains itself. */
public record Figure(String key, String label, double value, String unit, String formula) {
    public Figure {
        if (!Double.isFinite(value)) {
            throw new IllegalStateException("figure " + key + " is not finite: " + value);
        }
    }
}
