package io.kbench.cli;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogQuery;
import io.kbench.catalog.EntryKind;
import io.kbench.catalog.History;
import io.kbench.catalog.HistoryJson;
import io.kbench.compare.BaselineRef;
import io.kbench.console.HistoryText;
import io.kbench.console.OtavaCsv;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.report.TrendPage;
import io.kbench.statistics.Settings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kbench history [WORKLOAD]}: the catalog's runs over time with their change points (docs/history.md). */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Show the results catalog's runs over time and where each KPI changed.",
            "Runs are put in series of like with like (one workload under one set of settings); each KPI's change"
                + " points (E-divisive means) come with their effect, its 95%% interval, a verdict and what else"
                + " changed. See docs/history.md."})
public final class HistoryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "WORKLOAD", description = "Workload name (default: every workload).")
    String workload;

    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "Only runs with this tag (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--cluster-shape", paramLabel = "SHAPE", description = "Only runs on this cluster shape, e.g. 'embedded/1 broker(s)'.")
    String clusterShape;

    @Option(names = "--host", paramLabel = "NAME", description = "Only runs recorded on this host.")
    String host;

    @Option(names = "--from", paramLabel = "DATE", description = "Only runs started at or after DATE (2026-11-01 or an ISO instant).")
    String from;

    @Option(names = "--to", paramLabel = "DATE", description = "Only runs started before DATE.")
    String to;

    @Option(names = "--last", paramLabel = "N", defaultValue = "0", description = "Only the last N runs (default: all).")
    int last;

    @Option(names = "--kind", paramLabel = "KIND", defaultValue = "run",
            description = "run (default), sweep-point, find-max or all.")
    String kind;

    @Option(names = "--significance", paramLabel = "P", defaultValue = "0.01",
            description = "Largest p-value of a change point (default: ${DEFAULT-VALUE}).")
    double significance;

    @Option(names = "--min-effect", paramLabel = "PERCENT", defaultValue = "5",
            description = "Smallest relative change of a KPI to report and to call a regression or improvement, in"
                + " percent (default: ${DEFAULT-VALUE}, the gate's default; 0 reports any change the test finds).")
    double minEffectPercent;

    @Option(names = "--json", description = "Print the runs and change points as JSON.")
    boolean json;

    @Option(names = "--csv", description = "Print the runs as CSV in Apache Otava's shape (docs/history.md).")
    boolean csv;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the trend page (charts, change points, links to each run's report).")
    Path html;

    @Mixin
    CatalogReadOptions catalog = new CatalogReadOptions();

    @Override
    public Integer call() throws Exception {
        Settings settings = settings();
        CatalogQuery query = new CatalogQuery(kind.equals("all") ? null : EntryKind.of(kind), workload,
                ConnectionOptions.parsePairs(tags, "--tag"), clusterShape, host, BaselineRef.instant("--from", from, false),
                BaselineRef.instant("--to", to, false), last);
        List<CatalogEntry> runs;
        try (Catalog c = catalog.open(CommandOutput.err(spec))) {
            runs = c.find(query);
        } catch (java.sql.SQLException e) {
            throw new InvalidInputException("catalog: " + CatalogOptions.oneLine(e), e);
        }
        History trend = History.of(runs, settings);
        PrintStream out = CommandOutput.out(spec);
        if (json) {
            out.println(HistoryJson.text(trend));
        } else if (csv) {
            OtavaCsv.print(trend, out);
        } else {
            HistoryText.print(trend, out);
        }
        if (html != null) {
            TrendPage.write(trend, workload == null ? "every workload" : workload, html);
            (json || csv ? System.err : out).println("html: " + html);
        }
        return ExitCode.OK.code();
    }

    private Settings settings() {
        try {
            return Settings.defaults().withSignificance(significance).withMinEffect(minEffectPercent / 100);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--significance/--min-effect: " + e.getMessage());
        }
    }
}
