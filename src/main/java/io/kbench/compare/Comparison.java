package io.kbench.compare;

import io.kbench.result.Spread;
import io.kbench.verdict.Kpi;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every KPI of several run sets against the first (the baseline), with the noise rule applied.
 *
 * @param sides the run sets, baseline first
 * @param rows  one per KPI, in {@link Kpi#ALL} order
 * @param telemetryRows one per {@link TelemetryKpi} that some side measured, in its order; empty without telemetry
 */
public record Comparison(List<RunSet> sides, List<Row> rows, List<TelemetryRow> telemetryRows) {
    public static final String SIGNIFICANT = "significant";
    public static final String WITHIN_NOISE = "within noise";
    public static final String NO_REPETITIONS = "no repetitions";

    /**
     * One KPI across the sides.
     *
     * @param kpi     the figure
     * @param values  one per side, empty where that side did not measure it
     * @param changes one per side after the baseline
     */
    public record Row(Kpi kpi, List<Optional<Spread>> values, List<Change> changes) {
    }

    /** One telemetry figure across the sides, as {@link Row}. */
    public record TelemetryRow(TelemetryKpi kpi, List<Optional<Spread>> values, List<Change> changes) {
    }

    /**
     * A side against the baseline; ratio and percent are null when either side lacks the figure or the baseline is 0.
     *
     * @param ratio         side median / baseline median
     * @param percentChange (ratio - 1) x 100
     * @param noise         significant, within noise, no repetitions, or not measured
     */
    public record Change(Double ratio, Double percentChange, String noise) {
    }

    public static Comparison of(List<RunSet> sides) {
        if (sides.size() < 2) {
            throw new IllegalArgumentException("compare needs at least two sides");
        }
        List<Row> rows = new ArrayList<>();
        for (Kpi kpi : Kpi.ALL) {
            List<Optional<Spread>> values = sides.stream().map(s -> s.spread(kpi)).toList();
            List<Change> changes = new ArrayList<>();
            for (int i = 1; i < values.size(); i++) {
                changes.add(change(values.get(0), values.get(i)));
            }
            rows.add(new Row(kpi, values, changes));
        }
        List<TelemetryRow> telemetryRows = new ArrayList<>();
        for (TelemetryKpi kpi : TelemetryKpi.values()) {
            List<Optional<Spread>> values = sides.stream().map(s -> s.spread(kpi)).toList();
            if (values.stream().anyMatch(Optional::isPresent)) {
                telemetryRows.add(new TelemetryRow(kpi, values, changes(values)));
            }
        }
        return new Comparison(List.copyOf(sides), List.copyOf(rows), List.copyOf(telemetryRows));
    }

    private static List<Change> changes(List<Optional<Spread>> values) {
        List<Change> changes = new ArrayList<>();
        for (int i = 1; i < values.size(); i++) {
            changes.add(change(values.get(0), values.get(i)));
        }
        return changes;
    }

    /** The change from {@code base} to {@code other} and whether it stands out from run-to-run spread. */
    static Change change(Optional<Spread> base, Optional<Spread> other) {
        if (base.isEmpty() || other.isEmpty()) {
            return new Change(null, null, "not measured");
        }
        Spread a = base.get();
        Spread b = other.get();
        Double ratio = a.median() == 0 ? null : b.median() / a.median();
        Double pct = ratio == null ? null : (ratio - 1) * 100;
        return new Change(ratio, pct, noise(a, b));
    }

    /**
     * With at least two runs on each side, a difference counts only when the min..max ranges do not overlap:
     * anything inside the spread of repeated runs could be the same configuration measured twice.
     */
    static String noise(Spread a, Spread b) {
        if (a.count() < 2 || b.count() < 2) {
            return NO_REPETITIONS;
        }
        return a.overlaps(b) ? WITHIN_NOISE : SIGNIFICANT;
    }
}
