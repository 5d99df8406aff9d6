package io.kbench.cli;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogImport;
import io.kbench.catalog.CatalogQuery;
import io.kbench.compare.BaselineRef;
import io.kbench.compare.Gate;
import io.kbench.compare.KpiVerdict;
import io.kbench.compare.Verdict;
import io.kbench.console.GateTable;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Threshold;
import io.kbench.report.GateJunitXml;
import io.kbench.report.GateMarkdown;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.statistics.NoiseRule;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code kbench compare --baseline REF RESULT...}: a CI gate against the catalog's history (docs/history.md). */
final class BaselineOptions {
    @Option(names = "--baseline", paramLabel = "REF",
            description = "Gate mode: compare the RESULTs (a candidate's repetitions) with the catalog runs REF selects,"
                    + " e.g. 'workload=quickstart,last=10,host=ci-1' (keys: workload, last, host, shape, since, until,"
                    + " tag.NAME). A significant (Mann-Whitney U) change at least --min-effect worse exits 6.")
    String ref;

    @Option(names = "--significance", paramLabel = "P", defaultValue = "0.05",
            description = "Largest Mann-Whitney p-value of a change, in both modes (default: ${DEFAULT-VALUE}).")
    double significance;

    @Option(names = "--min-effect", paramLabel = "PERCENT", defaultValue = "5",
            description = "Smallest change of a median that counts, in percent, in both modes (default: ${DEFAULT-VALUE}).")
    double minEffectPercent;

    @Option(names = "--threshold", paramLabel = "CONDITION",
            description = "Gate: also judge each candidate run on this condition (repeatable), e.g. 'e2e.p99<50ms'.")
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Gate: write the verdicts and thresholds as JUnit XML.")
    Path junitXml;

    @Option(names = "--markdown", paramLabel = "FILE",
            description = "Gate: append a Markdown summary to FILE (e.g. \"$GITHUB_STEP_SUMMARY\").")
    Path markdown;

    @Mixin
    CatalogReadOptions catalog = new CatalogReadOptions();

    int gate(List<Path> candidates, PrintStream out) {
        Gate gate = gate();
        CatalogQuery query = BaselineRef.parse(ref);
        List<Threshold> parsed = thresholds.stream().map(Threshold::parse).toList();
        List<CatalogEntry> candidate = CatalogImport.read(candidates);
        if (candidate.isEmpty()) {
            throw InvalidInputException.field("compare --baseline", candidates, "holds no run result");
        }
        Set<String> own = candidate.stream().map(CatalogEntry::runKey).collect(Collectors.toSet());
        List<CatalogEntry> baseline;
        try (Catalog c = catalog.open()) {
            // The candidate may be in the catalog already (recorded when it ran): it is never its own baseline.
            baseline = c.find(query).stream().filter(e -> !own.contains(e.runKey())).toList();
        } catch (java.sql.SQLException e) {
            throw new InvalidInputException("catalog: " + CatalogOptions.oneLine(e), e);
        }
        if (baseline.isEmpty()) {
            throw InvalidInputException.field("--baseline", ref, "selects no run in the catalog");
        }
        List<KpiVerdict> verdicts = gate.judge(baseline, candidate);
        GateTable.print(ref + " (" + baseline.size() + " runs)", verdicts, out);
        List<String[]> judged = thresholds(parsed, candidates);
        GateTable.printThresholds(judged, out);
        write(junitXml, GateJunitXml.of(verdicts, judged), false, out);
        write(markdown, GateMarkdown.of(ref, verdicts, gate), true, out);
        if (verdicts.stream().anyMatch(v -> v.verdict() == Verdict.REGRESSION)) {
            return ExitCode.REGRESSION.code();
        }
        return judged.stream().anyMatch(t -> t[1] != null) ? ExitCode.THRESHOLD_FAILED.code() : ExitCode.OK.code();
    }

    private Gate gate() {
        NoiseRule rule = rule();
        return new Gate(rule.significance(), rule.minEffect());
    }

    /** The rule both modes judge a change by: --significance and --min-effect. */
    NoiseRule rule() {
        try {
            return new NoiseRule(significance, minEffectPercent / 100);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("--significance/--min-effect: " + e.getMessage());
        }
    }

    /** {name, null} for a threshold that held on every candidate run, {name, why} otherwise. */
    private static List<String[]> thresholds(List<Threshold> parsed, List<Path> candidates) {
        List<String[]> judged = new ArrayList<>();
        for (Threshold t : parsed) {
            String failed = null;
            for (Path p : candidates) {
                if (ResultReader.read(p) instanceof RunResult run && run.summary() != null) {
                    ThresholdVerdict v = t.evaluate(run.summary());
                    if (!v.passed()) {
                        failed = p + ": " + v;
                    }
                }
            }
            judged.add(new String[] {t.text(), failed});
        }
        return judged;
    }

    private static void write(Path file, String text, boolean append, PrintStream out) {
        if (file == null) {
            return;
        }
        try {
            if (append && Files.exists(file)) {
                Files.writeString(file, text, java.nio.file.StandardOpenOption.APPEND);
            } else {
                Files.writeString(file, text);
            }
            out.println("wrote " + file);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot write: " + e.getMessage(), e);
        }
    }
}
