package io.kbench.console;

import io.kbench.compare.Comparison;
import io.kbench.compare.NamedComparison;
import io.kbench.format.AlignedTable;
import io.kbench.result.Spread;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Comparison} as a terminal table; its words (side letters, effect texts, the rule) are the comparison's
 * own, so the JSON document and the HTML page say the same.
 */
public final class ComparisonTable {
    private ComparisonTable() {
    }

    /** Every comparison in turn; point-by-point comparisons get a heading naming the point. */
    public static void print(List<NamedComparison> comparisons, PrintStream out) {
        for (int i = 0; i < comparisons.size(); i++) {
            NamedComparison nc = comparisons.get(i);
            if (nc.point() != null) {
                out.println((i == 0 ? "" : "\n") + "== point " + nc.point() + " ==");
            }
            print(nc.comparison(), out);
        }
    }

    /**
     * One line per KPI: each side's median [min..max], then for each side after A its effect against A: the decision,
     * the estimate and its interval in one cell ("lower by 12.3% [-18.0%, -6.2%]").
     */
    public static void print(Comparison c, PrintStream out) {
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("kpi"));
        for (int i = 0; i < c.sides().size(); i++) {
            header.add(Comparison.letter(i) + " (n=" + c.sides().get(i).runs().size() + ")");
        }
        for (int i = 1; i < c.sides().size(); i++) {
            header.add(Comparison.letter(i) + " vs A");
        }
        table.add(header);
        c.rows().forEach(row -> table.add(line(row.kpi().label(), row.values(), row.changes())));
        c.telemetryRows().forEach(row -> table.add(line(row.kpi().label(), row.values(), row.changes())));
        for (int i = 0; i < c.sides().size(); i++) {
            out.println(Comparison.letter(i) + ": " + c.sides().get(i).source());
            // A short window's figures are noise: say so beside the side, before anyone reads its change.
            c.sides().get(i).shortWindow().ifPresent(f -> out.println("   " + f));
            // Unlike conditions make a different experiment, not a change: name them before the figures.
            List<String> differs = c.differences(i);
            if (!differs.isEmpty()) {
                out.println("   not like with like: " + String.join("; ", differs));
            }
            c.sides().get(i).drifting().ifPresent(d -> out.println("   drifting: " + d
                    + " over its window (result.json drift): its changes are not judged"));
        }
        out.println();
        // The effects are sentences: left-aligned after the figures.
        AlignedTable.print(table, 1 + c.sides().size(), out);
        out.println(Comparison.ruleText(c.rule()));
    }

    /** One table line: the label, each side's spread, then the effect per side. */
    private static List<String> line(String label, List<Optional<Spread>> values, List<Comparison.Change> changes) {
        List<String> line = new ArrayList<>(List.of(label));
        values.forEach(v -> line.add(v.map(Comparison::spreadText).orElse("-")));
        for (Comparison.Change ch : changes) {
            line.add(ch.text());
        }
        return line;
    }
}
