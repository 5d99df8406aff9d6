package io.kbench.compare;

/**
 * A comparison with the sweep point it belongs to.
 *
 * @param point      the sweep point name when sweeps are compared point by point; null for a plain comparison
 * @param comparison the sides and KPI rows
 */
public record NamedComparison(String point, Comparison comparison) {
}
