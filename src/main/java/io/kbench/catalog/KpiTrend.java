package io.kbench.catalog;

import java.util.List;
import java.util.Objects;

/**
 * One KPI over the runs that measured it.
 *
 * @param kpi        the figure
 * @param runs       positions in the trend's run list, one per value
 * @param values     the figure of each of those runs, in the KPI's unit
 * @param changes    its change points
 * @param detectable the smallest lasting shift (a fraction, 0.25 for 25%) these runs (isolated ones left out) would show in their middle with
 *                   80% power at the trend's significance ({@code ChangePointDetector.detectableShift}); NaN when too
 *                   few runs or a value of 0
 */
public record KpiTrend(CatalogKpi kpi, List<Integer> runs, List<Double> values, List<Change> changes, double detectable) {
    public KpiTrend {
        Objects.requireNonNull(kpi, "kpi");
        runs = List.copyOf(runs);
        values = List.copyOf(values);
        changes = List.copyOf(changes);
        if (runs.size() != values.size()) {
            throw new IllegalArgumentException("values: one per run (got " + values.size() + " for " + runs.size() + ")");
        }
    }
}
