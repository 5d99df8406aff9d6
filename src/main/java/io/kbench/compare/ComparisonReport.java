package io.kbench.compare;

import io.kbench.format.AlignedTable;
import io.kbench.kpi.Kpi;
import io.kbench.result.Spread;
import io.kbench.result.run.ShortWindow;
import io.kbench.statistics.NoiseRule;
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

    /** One line per KPI: each side's median [min..max], then for each side after A its change and noise verdict. */
    public static void print(Comparison c, PrintStream out) {
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("kpi"));
        for (int i = 0; i < c.sides().size(); i++) {
            header.add(letter(i) + " (n=" + c.sides().get(i).runs().size() + ")");
        }
        for (int i = 1; i < c.sides().size(); i++) {
            header.addAll(List.of(letter(i) + " vs A", letter(i) + " noise"));
        }
        table.add(header);
        c.rows().forEach(row -> table.add(line(row.kpi().label(), row.values(), row.changes())));
        c.telemetryRows().forEach(row -> table.add(line(row.kpi().label(), row.values(), row.changes())));
        for (int i = 0; i < c.sides().size(); i++) {
            out.println(letter(i) + ": " + c.sides().get(i).source());
            // A short window's figures are noise: say so beside the side, before anyone reads its change.
            c.sides().get(i).shortWindow().ifPresent(f -> out.println("   " + f));
        }
        out.println();
        AlignedTable.print(table, out);
        out.println(ruleText(c.rule()));
    }

    /** The line under a table that says how its changes were judged. */
    public static String ruleText(NoiseRule rule) {
        return String.format(Locale.ROOT, "noise: a change is 'significant' when Mann-Whitney U over the repetitions gives"
                + " p <= %s and the medians differ by >= %s%%; a change without repetitions, with too few for p to reach"
                + " %s, or over a window under %.0f s is not judged", plain(rule.significance()),
                plain(rule.minEffect() * 100), plain(rule.significance()), ShortWindow.MIN_SECONDS);
    }

    private static String plain(double v) {
        return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /**
     * The change as shown in tables: +13.5% when it was judged, else with the reason it was not, so a difference
     * measured once or over a short window never stands as a bare percentage: +35.5% (not judged: no repetitions).
     */
    public static String percentText(Comparison.Change ch) {
        if (ch.percentChange() == null) {
            return "-";
        }
        String pct = String.format(Locale.ROOT, "%+.1f%%", ch.percentChange());
        return ch.judged() ? pct : pct + " (not judged: " + ch.noise() + ")";
    }

    /** The noise column: the verdict with its p-value and run counts, e.g. "significant, p 0.029 (4 vs 4 runs)". */
    public static String noiseText(Comparison.Change ch) {
        if (Comparison.NOT_MEASURED.equals(ch.noise())) {
            return ch.noise();
        }
        String runs = "(" + ch.runs() + " runs)";
        if (ch.judged()) {
            return ch.noise() + ", p " + String.format(Locale.ROOT, "%.3f", ch.pValue()) + " " + runs;
        }
        return switch (ch.noise()) {
            case Comparison.SHORT_WINDOW -> "window under " + plain(ShortWindow.MIN_SECONDS) + " s " + runs;
            case Comparison.TOO_FEW_RUNS -> "(" + ch.runs() + " runs: p >= " + String.format(Locale.ROOT, "%.3f",
                    ch.smallestP()) + ")";
            default -> runs;
        };
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

    /** One table line: the label, each side's spread, then the change and its noise verdict per side. */
    private static List<String> line(String label, List<Optional<Spread>> values, List<Comparison.Change> changes) {
        List<String> line = new ArrayList<>(List.of(label));
        values.forEach(v -> line.add(v.map(ComparisonReport::spreadText).orElse("-")));
        for (Comparison.Change ch : changes) {
            line.add(percentText(ch));
            line.add(noiseText(ch));
        }
        return line;
    }
}
