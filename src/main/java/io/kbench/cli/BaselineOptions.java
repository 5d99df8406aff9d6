package io.kbench.cli;

import io.kbench.catalog.Catalog;
import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogImport;
import io.kbench.catalog.CatalogQuery;
import io.kbench.compare.BaselineRef;
import io.kbench.compare.Gate;
import io.kbench.compare.GateConditions;
import io.kbench.compare.GateDocument;
import io.kbench.compare.KpiVerdict;
import io.kbench.compare.Verdict;
import io.kbench.console.GateTable;
import io.kbench.error.ExitCode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.kpi.Threshold;
import io.kbench.report.GateJunitXml;
import io.kbench.report.GateMarkdown;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.statistics.EffectRule;
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
    static final double DEFAULT_CONFIDENCE = 0.95;
    static final double DEFAULT_MIN_EFFECT_PERCENT = 5;

    @Option(names = "--baseline", paramLabel = "REF",
            description = "Gate mode: compare the RESULTs (a candidate's repetitions) with the catalog runs REF selects,"
                    + " e.g. 'workload=quickstart,last=10,host=ci-1' (keys: workload, last, host, shape, since, until,"
                    + " tag.NAME). An effect decided worse by at least --min-effect exits 6.")
    String ref;

    @Option(names = "--confidence", paramLabel = "C",
            description = "Confidence of each effect's interval, in both modes (default: 0.95).")
    Double confidence;

    @Option(names = "--significance", paramLabel = "P",
            description = "Older spelling of 1 - --confidence (0.05 is --confidence 0.95), kept for existing CI jobs.")
    Double significance;

    @Option(names = "--margin", paramLabel = "PERCENT", defaultValue = "5",
            description = "Equivalence margin in percent, in both modes: 'equivalent' when the interval lies within"
                    + " +-PERCENT (default: ${DEFAULT-VALUE}).")
    double marginPercent;

    @Option(names = "--min-effect", paramLabel = "PERCENT",
            description = "Gate: smallest estimated change, in percent, of a REGRESSION or IMPROVEMENT (default: 5).")
    Double minEffectPercent;

    @Option(names = "--allow-durability-change",
            description = "Gate: compare even when the baseline's durability (acks, idempotence, transactions,"
                    + " replication factor, min.insync.replicas, flush) differs from the candidate's; refused otherwise"
                    + " (exit 2).")
    boolean allowDurabilityChange;

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

    int gate(List<Path> candidates, Path jsonFile, PrintStream out, PrintStream err) {
        Gate gate = new Gate(rule(), (minEffectPercent == null ? DEFAULT_MIN_EFFECT_PERCENT : minEffectPercent) / 100);
        CatalogQuery query = BaselineRef.parse(ref);
        List<Threshold> parsed = thresholds.stream().map(Threshold::parse).toList();
        List<CatalogEntry> candidate = CatalogImport.read(candidates);
        if (candidate.isEmpty()) {
            throw InvalidInputException.field("compare --baseline", candidates, "holds no run result");
        }
        Set<String> own = candidate.stream().map(CatalogEntry::runKey).collect(Collectors.toSet());
        List<CatalogEntry> baseline;
        try (Catalog c = catalog.open(err)) {
            // The candidate may be in the catalog already (recorded when it ran): it is never its own baseline.
            baseline = c.find(query).stream().filter(e -> !own.contains(e.runKey())).toList();
        } catch (java.sql.SQLException e) {
            throw new InvalidInputException("catalog: " + CatalogOptions.oneLine(e), e);
        }
        if (baseline.isEmpty()) {
            throw InvalidInputException.field("--baseline", ref, "selects no run in the catalog");
        }
        GateConditions like = GateConditions.of(baseline, candidate);
        like.check(ref, allowDurabilityChange ? GateConditions.DurabilityChange.ALLOW : GateConditions.DurabilityChange.REFUSE);
        List<KpiVerdict> verdicts = gate.judge(baseline, candidate);
        GateTable.print(ref + " (" + baseline.size() + " runs)", like, verdicts, gate, out);
        List<String[]> judged = thresholds(parsed, candidates);
        GateTable.printThresholds(judged, out);
        write(junitXml, GateJunitXml.of(verdicts, judged), false, out);
        write(markdown, GateMarkdown.of(ref, like, verdicts, gate), true, out);
        if (jsonFile != null) {
            try {
                StrictMapper.json().writeValue(jsonFile.toFile(), GateDocument.of(ref, baseline.size(), gate, like, verdicts));
            } catch (IOException e) {
                throw new InvalidInputException("--json " + jsonFile + ": cannot write: " + e.getMessage(), e);
            }
            out.println("json: " + jsonFile);
        }
        // UNDECIDED does not fail the build (printed loudly above): only a decided regression does.
        if (verdicts.stream().anyMatch(v -> v.verdict() == Verdict.REGRESSION)) {
            return ExitCode.REGRESSION.code();
        }
        return judged.stream().anyMatch(t -> t[1] != null) ? ExitCode.THRESHOLD_FAILED.code() : ExitCode.OK.code();
    }

    /** The rule both modes decide a change by: --confidence (or the older --significance) and --margin. */
    EffectRule rule() {
        if (significance != null && confidence != null && Math.abs(1 - significance - confidence) > 1e-9) {
            throw InvalidInputException.field("--significance", significance, "contradicts --confidence " + confidence
                    + " (significance is 1 - confidence); give one of them");
        }
        double c = confidence != null ? confidence : significance != null ? 1 - significance : DEFAULT_CONFIDENCE;
        if (!(c >= 0.5 && c < 1)) {
            throw InvalidInputException.field(confidence != null ? "--confidence" : "--significance",
                    confidence != null ? confidence : significance, "confidence must be in [0.5, 1), significance in (0, 0.5]");
        }
        if (!(marginPercent >= 0 && marginPercent < 100)) {
            throw InvalidInputException.field("--margin", marginPercent, "must be a percentage in [0, 100)");
        }
        return new EffectRule(c, marginPercent / 100);
    }

    /** Plain compare reports every effect with its interval; a minimum effect only sorts the gate's verdicts. */
    void refuseGateOnlyOptions() {
        if (minEffectPercent != null) {
            throw InvalidInputException.field("--min-effect", minEffectPercent, "applies to the gate (--baseline) only;"
                    + " plain compare reports every effect with its interval (--margin sets what counts as equivalent)");
        }
        if (allowDurabilityChange) {
            throw new InvalidInputException("--allow-durability-change: applies to the gate (--baseline) only; plain"
                    + " compare names every difference and compares anyway");
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
