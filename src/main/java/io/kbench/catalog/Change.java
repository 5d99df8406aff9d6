package io.kbench.catalog;

import io.kbench.statistics.ChangePoint;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A change point of one KPI with the runs around it.
 *
 * @param point        where and how much
 * @param before       the last run before it
 * @param after        the first run of the new level (isolated: the run that differs)
 * @param alsoChanged  what else differs between those two runs: environment fields, workload, git revision
 * @param regression   the KPI got worse (lower throughput, higher latency)
 */
public record Change(ChangePoint point, CatalogEntry before, CatalogEntry after, List<String> alsoChanged,
                     boolean regression) {
    public Change {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(after, "after");
        alsoChanged = List.copyOf(alsoChanged);
    }

    /** The change in one line, as the terminal, the JSON and the trend page say it. */
    public String describe(CatalogKpi kpi) {
        var p = point;
        return String.format(Locale.ROOT, "%s %s at run %s: %s -> %s %s (%s%%, 95%% CI %s%% .. %s%%, p %.4f)%s%s",
                regression ? "REGRESSION" : "improvement", kpi.label(), after.label(), number(p.meanBefore()),
                number(p.meanAfter()), kpi.unit(), signed(p.relativeChange() * 100), signed(p.ciLow() * 100),
                signed(p.ciHigh() * 100), p.pValue(),
                p.isolated() ? "; one run, the level returns after it" : "",
                alsoChanged.isEmpty() ? "; nothing else changed" : "; also changed: " + String.join(", ", alsoChanged));
    }

    /** One decimal from 100 up, two below: the history's figures in the terminal and the JSON alike. */
    public static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String signed(double v) {
        return (v >= 0 ? "+" : "") + String.format(Locale.ROOT, "%.1f", v);
    }
}
