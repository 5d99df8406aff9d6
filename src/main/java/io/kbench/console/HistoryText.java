package io.kbench.console;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.catalog.Change;
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

/** {@code kbench history}'s terminal output: one row per run, the environment groups, then the change points. */
public final class HistoryText {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private HistoryText() {
    }

    public static void print(Trend trend, PrintStream out) {
        if (trend.runs().isEmpty()) {
            out.println("history: no runs match");
            return;
        }
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

    private static String describe(CatalogEntry run) {
        var env = run.environment();
        return env.clusterShape() + ", Kafka " + env.kafkaBrokerVersion() + ", client JDK " + env.clientJdk() + ", "
                + env.cores() + " cores " + env.cpuModel() + (env.host() == null ? "" : ", host " + env.host());
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
        if (!any) {
            int runs = trend.runs().size();
            // Silence over a series too short to show a shift is no finding: say so.
            out.println(runs < ChangePointDetector.MIN_RUNS_FOR_A_SHIFT
                    ? "  none: " + runs + " run(s) are too few to find a lasting shift (2 on each side of it, "
                            + ChangePointDetector.MIN_RUNS_FOR_A_SHIFT + " in all)"
                    : "  none");
        }
    }

    /** One change point as a line: KPI, run, before -> after with unit, relative change with its 95% CI, p-value. */


}
