package io.kbench.console;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.catalog.History;
import io.kbench.catalog.Trend;
import java.io.PrintStream;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code kbench history --csv}: the shape Apache Otava's CSV data source reads (docs/history.md gives the matching
 * otava.yaml test definition): a {@code time} column, attribute columns (run, git revision, workload hash,
 * environment, series: the number of the run's series in {@code kbench history}'s table, so an Otava test can keep
 * like with like), then one column per metric. Values never contain a comma: attributes are identifiers and hashes.
 */
public final class OtavaCsv {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z").withZone(ZoneOffset.UTC);

    private OtavaCsv() {
    }

    public static void print(History history, PrintStream out) {
        List<String> header = new ArrayList<>(List.of("time", "run", "commit", "workload_hash", "environment", "series"));
        for (CatalogKpi k : CatalogKpi.values()) {
            header.add(k.label());
        }
        out.println(String.join(",", header));
        List<String[]> rows = new ArrayList<>();
        for (int s = 0; s < history.series().size(); s++) {
            Trend trend = history.series().get(s);
            for (CatalogEntry run : trend.runs()) {
                rows.add(row(trend, run, s + 1));
            }
        }
        // Oldest first over every series, as the catalog gave them.
        rows.sort(java.util.Comparator.comparing(r -> r[0]));
        rows.forEach(r -> out.println(String.join(",", r)));
    }

    private static String[] row(Trend trend, CatalogEntry run, int series) {
        List<String> row = new ArrayList<>(List.of(TIME.format(run.startedAt()), clean(run.label()),
                run.gitRevision() == null ? "" : clean(run.gitRevision()), run.workloadHash().substring(0, 12),
                trend.group(run), String.valueOf(series)));
        for (CatalogKpi k : CatalogKpi.values()) {
            row.add(run.kpi(k).isPresent() ? String.format(Locale.ROOT, "%.3f", run.kpi(k).getAsDouble()) : "");
        }
        return row.toArray(String[]::new);
    }

    private static String clean(String text) {
        return text.replaceAll("[,\"\\r\\n]", "_");
    }
}
