package io.kbench.console;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.catalog.Change;
import io.kbench.catalog.History;
import io.kbench.catalog.KpiTrend;
import io.kbench.catalog.Trend;
import io.kbench.format.AlignedTable;
import io.kbench.statistics.ChangePointDetector;
import java.io.PrintStream;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code kbench history}'s terminal output, series by series: the series' key (workload and settings), one row per
 * run, the environment groups, then the change points with their effects and what a shift this short a series could
 * show.
 */
public final class HistoryText {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private HistoryText() {
    }

    public static void print(History history, PrintStream out) {
        if (history.series().isEmpty()) {
            out.println("history: no runs match");
            return;
        }
        int n = history.series().size();
        if (n > 1) {
            out.println("history: " + history.runCount() + " runs in " + n + " series (one workload under one set of"
                    + " settings each; each series is judged on its own)");
            out.println();
        }
        Map<String, String> shared = shared(history);
        if (n > 1 && !shared.isEmpty()) {
            wrapped("settings every series shares: ", parts(shared), out);
            out.println();
        }
        for (int i = 0; i < n; i++) {
            Trend trend = history.series().get(i);
            out.println("series " + (i + 1) + " of " + n + ": " + trend.workload() + " (" + trend.runs().size()
                    + " runs)");
            if (!trend.setup().known()) {
                out.println("  settings: " + trend.setup().settingsText());
            } else {
                Map<String, String> own = new java.util.TreeMap<>(trend.setup().settings());
                own.keySet().removeAll(n > 1 ? shared.keySet() : java.util.Set.of());
                wrapped(n > 1 ? "  settings of its own: " : "  settings: ", own.isEmpty() ? List.of("none beyond the"
                        + " shared ones (the workload name sets it apart)") : parts(own), out);
            }
            print(trend, out);
            if (i + 1 < n) {
                out.println();
            }
        }
    }

    private static void print(Trend trend, PrintStream out) {
        List<CatalogKpi> shown = trend.kpis().stream().map(KpiTrend::kpi).toList();
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("run", "started UTC", "env"));
        shown.forEach(k -> header.add(k.label() + " " + k.unit()));
        header.add("limited by");
        header.add("marks");
        table.add(header);
        for (int i = 0; i < trend.runs().size(); i++) {
            CatalogEntry run = trend.runs().get(i);
            List<String> row = new ArrayList<>(List.of(run.label(), TIME.format(run.startedAt()), trend.group(run)));
            shown.forEach(k -> row.add(run.kpi(k).isPresent() ? Change.number(run.kpi(k).getAsDouble()) : "-"));
            row.add(run.diagnosis() == null ? "-" : run.diagnosis().limitedBy());
            row.add(marks(trend, run));
            table.add(row);
        }
        AlignedTable.print(table, out);
        out.println();
        printEnvironments(trend, out);
        printChanges(trend, out);
    }

    /** The settings every series with known settings has alike: said once above the series, not in each. */
    private static Map<String, String> shared(History history) {
        Map<String, String> shared = null;
        for (Trend t : history.series()) {
            if (!t.setup().known()) {
                continue;
            }
            if (shared == null) {
                shared = new java.util.TreeMap<>(t.setup().settings());
            } else {
                shared.entrySet().removeIf(e -> !e.getValue().equals(t.setup().settings().get(e.getKey())));
            }
        }
        return shared == null ? Map.of() : shared;
    }

    private static List<String> parts(Map<String, String> settings) {
        List<String> parts = new ArrayList<>();
        settings.forEach((k, v) -> parts.add(k + "=" + v));
        return parts;
    }

    /** {@code parts} after {@code head}, comma-separated, broken before 120 characters, continued indented. */
    private static void wrapped(String head, List<String> parts, PrintStream out) {
        StringBuilder line = new StringBuilder(head);
        int start = line.length();
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i) + (i + 1 < parts.size() ? "," : "");
            if (line.length() > start && line.length() + 1 + part.length() > 120) {
                out.println(line);
                line = new StringBuilder("    ");
                start = line.length();
            }
            line.append(line.length() > start ? " " : "").append(part);
        }
        out.println(line);
    }

    private static String marks(Trend trend, CatalogEntry run) {
        List<String> marks = new ArrayList<>();
        for (KpiTrend k : trend.kpis()) {
            for (Change c : k.changes()) {
                if (c.after() == run) {
                    marks.add((c.point().isolated() ? "* " : "| ") + k.kpi().label());
                }
            }
        }
        return marks.isEmpty() ? "" : String.join(", ", marks);
    }

    private static void printEnvironments(Trend trend, PrintStream out) {
        if (trend.environments().size() == 1) {
            CatalogEntry first = trend.runs().get(0);
            out.println("environment A (every run): " + describe(first));
            return;
        }
        out.println("environments differ; runs are marked by group:");
        for (Map.Entry<String, String> e : trend.environments().entrySet()) {
            CatalogEntry first = trend.runs().stream().filter(r -> r.environment().key().equals(e.getKey())).findFirst()
                    .orElseThrow();
            long n = trend.runs().stream().filter(r -> r.environment().key().equals(e.getKey())).count();
            out.println("  " + e.getValue() + " (" + n + " runs): " + describe(first));
        }
    }

    /** What a group ran on; a part the run did not record (an external cluster's broker version) is left out. */
    static String describe(CatalogEntry run) {
        var env = run.environment();
        List<String> parts = new ArrayList<>(List.of(env.clusterShape()));
        if (env.kafkaBrokerVersion() != null) {
            parts.add("Kafka " + env.kafkaBrokerVersion());
        }
        if (env.clientJdk() != null) {
            parts.add("client JDK " + env.clientJdk());
        }
        parts.add(env.cores() + " cores" + (env.cpuModel() == null ? "" : " " + env.cpuModel()));
        if (env.host() != null) {
            parts.add("host " + env.host());
        }
        return String.join(", ", parts);
    }

    private static void printChanges(Trend trend, PrintStream out) {
        var s = trend.settings();
        out.printf(Locale.ROOT, "change points (E-divisive means, significance %s, minimum effect %s%%):%n",
                s.significance(), Change.number(s.minEffect() * 100));
        boolean any = false;
        for (KpiTrend k : trend.kpis()) {
            for (Change c : k.changes()) {
                any = true;
                out.println("  " + c.describe(k.kpi()));
            }
        }
        printDetectable(trend, out);
        if (!any) {
            int runs = trend.runs().size();
            // Silence over a series too short to show a shift is no finding: say so.
            out.println(runs < ChangePointDetector.MIN_RUNS_FOR_A_SHIFT
                    ? "  none: " + runs + " run(s) are too few to find a lasting shift (2 on each side of it, "
                            + ChangePointDetector.MIN_RUNS_FOR_A_SHIFT + " in all)"
                    : "  none");
        }
    }

    /**
     * What these runs could have shown: the smallest lasting shift in the middle of the series found with 80% power at
     * this significance, per KPI, so that "none" over a short or noisy series is read as "could not tell", not as
     * "nothing changed".
     */
    private static void printDetectable(Trend trend, PrintStream out) {
        List<String> parts = new ArrayList<>();
        for (KpiTrend k : trend.kpis()) {
            if (Double.isFinite(k.detectable())) {
                // No spread at all (a figure every run had alike): any shift would show.
                parts.add(k.kpi().label() + " " + (k.detectable() == 0 ? "any"
                        : String.format(Locale.ROOT, "%.1f%%", k.detectable() * 100)));
            }
        }
        if (!parts.isEmpty()) {
            out.printf(Locale.ROOT, "smallest shift these %d runs could show in their middle (80%% power, significance %s):"
                    + " %s%n", trend.runs().size(), trend.settings().significance(), String.join(", ", parts));
        }
    }
}
