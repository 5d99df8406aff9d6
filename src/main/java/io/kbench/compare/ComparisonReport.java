package io.kbench.compare;

import io.kbench.result.run.ShortWindow;
import io.kbench.format.AlignedTable;
import io.kbench.result.Spread;
import io.kbench.verdict.Kpi;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Renders a {@link Comparison} as a terminal table; {@link ComparisonDocument} is its {@code --json} form. */
public final class ComparisonReport {
    private ComparisonReport() {
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

    /** One line per KPI: each side's median [min..max], then for each side after A its ratio, change and noise. */
    public static void print(Comparison c, PrintStream out) {
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("kpi"));
        for (int i = 0; i < c.sides().size(); i++) {
            header.add(letter(i) + " (n=" + c.sides().get(i).runs().size() + ")");
        }
        for (int i = 1; i < c.sides().size(); i++) {
            header.addAll(List.of(letter(i) + "/A", letter(i) + " vs A", letter(i) + " noise"));
        }
        table.add(header);
        c.rows().forEach(row -> table.add(line(row.kpi().label(), row.values(), row.changes())));
        c.telemetryRows().forEach(row -> table.add(line(row.kpi().label(), row.values(), row.changes())));
        for (int i = 0; i < c.sides().size(); i++) {
            out.println(letter(i) + ": " + c.sides().get(i).source());
            // A short window's figures are noise: say so beside the side, before anyone reads its change.
            c.sides().get(i).runs().stream().map(r -> r.produced() != null && r.produced().records() > 0 ? r.produced()
                    : r.consumed()).filter(t -> t != null).mapToDouble(t -> t.windowSec()).min()
                    .stream().mapToObj(w -> ShortWindow.flag(w, -1)).flatMap(java.util.Optional::stream).findFirst()
                    .ifPresent(f -> out.println("   " + f));
        }
        out.println();
        AlignedTable.print(table, out);
        out.println("noise: with >= 2 runs on both sides, 'significant' means the min..max ranges do not overlap");
    }

    /** B/A as shown in tables, e.g. 1.135; "-" when either side lacks the figure. */
    public static String ratioText(Comparison.Change ch) {
        return ch.ratio() == null ? "-" : String.format(Locale.ROOT, "%.3f", ch.ratio());
    }

    /** The change as shown in tables, e.g. +13.5%. */
    public static String percentText(Comparison.Change ch) {
        return ch.percentChange() == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", ch.percentChange());
    }

    /** median [min..max], or the single value of one run. */
    public static String spreadText(Spread s) {
        return s.count() == 1 ? Kpi.format(s.median())
                : Kpi.format(s.median()) + " [" + Kpi.format(s.min()) + ".." + Kpi.format(s.max()) + "]";
    }

    /** A, B, ... for the sides of a comparison. */
    public static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "S" + (i + 1);
    }

    /** One table line: the label, each side's spread, then ratio, percent and noise verdict per change. */
    private static List<String> line(String label, List<Optional<Spread>> values, List<Comparison.Change> changes) {
        List<String> line = new ArrayList<>(List.of(label));
        values.forEach(v -> line.add(v.map(ComparisonReport::spreadText).orElse("-")));
        for (Comparison.Change ch : changes) {
            line.add(ratioText(ch));
            line.add(percentText(ch));
            line.add(ch.noise());
        }
        return line;
    }
}
