package io.kbench.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.result.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code kbench compare --json} writes: one comparison as is ({@code sides}, {@code rows}), or point-by-point
 * comparisons under {@code points}. Described in docs/sweeps.md.
 *
 * @param schemaVersion bumped on incompatible changes: 2 since each change carries its effect instead of a p-value
 * @param kind          "compare"
 * @param sides         the compared sides, A first (absent for point-by-point)
 * @param rows          one row per KPI (absent for point-by-point)
 * @param points        one comparison per common sweep point (absent for a single comparison)
 * @param telemetry     one row per telemetry figure some side measured (absent without telemetry or point-by-point)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ComparisonDocument(int schemaVersion, String kind, List<Side> sides, List<Row> rows, List<Point> points,
                                 List<Row> telemetry) {
    public static final String KIND = "compare";
    /** 2: changes carry {@code decision}, {@code text} and {@code effect} in place of noise, pValue and smallestP. */
    public static final int SCHEMA_VERSION = 2;

    /**
     * One side.
     *
     * @param id     A, B, C...
     * @param label  the directory or file name, as in the table
     * @param source the path given
     * @param runs   completed runs on this side
     * @param differences what this side measured under that differs from A's (durability, offered load, cluster);
     *                    absent when it measured like with like
     */
    public record Side(String id, String label, String source, int runs,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> differences) {
    }

    /**
     * One KPI across the sides.
     *
     * @param kpi     the metric as thresholds spell it, e.g. e2e.p99
     * @param unit    ms, records/s or MiB/s
     * @param values  each side's spread in that unit; null where a side did not measure it
     * @param changes each side after A against A
     */
    public record Row(String kpi, String unit, List<Spread> values, List<ChangeJson> changes) {
    }

    /**
     * One side against A.
     *
     * @param decision higher, lower, equivalent, undecided, not judged (a window under 5 s, a value of 0) or not
     *                 measured
     * @param text     the change in words, as the terminal prints it
     * @param runs     "n vs m": A's runs against the side's
     * @param effect   the effect with its interval; absent when either side lacks the figure or a value is 0
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ChangeJson(String decision, String text, String runs, EffectFields effect) {
        static ChangeJson of(Comparison.Change c) {
            return new ChangeJson(c.decision(), c.text(), c.runs(), c.effect() == null ? null : EffectFields.of(c.effect()));
        }
    }

    /** The comparison at one sweep point; {@code telemetry} as in the document, absent without telemetry. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Point(String point, List<Side> sides, List<Row> rows, List<Row> telemetry) {
    }

    /** The document for {@code comparisons}: a single one flat, point-by-point ones under {@code points}. */
    public static ComparisonDocument of(List<NamedComparison> comparisons) {
        if (comparisons.size() == 1 && comparisons.get(0).point() == null) {
            Comparison c = comparisons.get(0).comparison();
            return new ComparisonDocument(SCHEMA_VERSION, KIND, sides(c), rows(c), null, telemetry(c));
        }
        List<Point> points = comparisons.stream().map(nc -> new Point(nc.point(), sides(nc.comparison()),
                rows(nc.comparison()), telemetry(nc.comparison()))).toList();
        return new ComparisonDocument(SCHEMA_VERSION, KIND, null, null, points, null);
    }

    private static List<Side> sides(Comparison c) {
        List<Side> sides = new ArrayList<>();
        for (int i = 0; i < c.sides().size(); i++) {
            RunSet s = c.sides().get(i);
            sides.add(new Side(Comparison.letter(i), s.label(), s.source().toString(), s.runs().size(), c.differences(i)));
        }
        return sides;
    }

    /** Telemetry rows keyed by {@link TelemetryKpi#json()}, e.g. broker_cpu_per_mib; null when there are none. */
    private static List<Row> telemetry(Comparison c) {
        return c.telemetryRows().isEmpty() ? null : c.telemetryRows().stream().map(r -> new Row(r.kpi().json(),
                r.kpi().unit(), r.values().stream().map(v -> v.orElse(null)).toList(), changes(r.changes()))).toList();
    }

    private static List<ChangeJson> changes(List<Comparison.Change> changes) {
        return changes.stream().map(ChangeJson::of).toList();
    }

    private static List<Row> rows(Comparison c) {
        // values keeps a null per side that lacks the KPI, so positions still line up with sides
        return c.rows().stream().map(r -> new Row(r.kpi().metric().toString(), r.kpi().unit(),
                r.values().stream().map(v -> v.orElse(null)).toList(), changes(r.changes()))).toList();
    }
}
