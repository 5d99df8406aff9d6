package io.kbench.report;

import io.kbench.compare.Gate;
import io.kbench.compare.KpiVerdict;
import io.kbench.compare.Verdict;
import java.util.List;
import java.util.Locale;

/** The gate's verdicts as a Markdown summary, appended to a CI's step summary. */
public final class GateMarkdown {
    private GateMarkdown() {
    }

    public static String of(String baseline, List<KpiVerdict> verdicts, Gate gate) {
        StringBuilder md = new StringBuilder();
        boolean failed = verdicts.stream().anyMatch(v -> v.verdict() == Verdict.REGRESSION);
        md.append("### kbench: ").append(failed ? "regression" : "no regression").append("\n\n");
        md.append("Baseline: `").append(baseline.replace("`", "'")).append("`. A regression is significant (Mann-Whitney U, p <= ")
                .append(gate.significance()).append(") and at least ")
                .append(String.format(Locale.ROOT, "%.1f", gate.minEffect() * 100)).append("% worse.\n\n");
        md.append("| KPI | verdict | baseline median | candidate median | change | p | runs (baseline / candidate) |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|\n");
        for (KpiVerdict v : verdicts) {
            boolean judged = v.verdict() != Verdict.TOO_FEW_RUNS;
            md.append(String.format(Locale.ROOT, "| %s (%s) | %s | %s | %s | %s | %s | %d / %d |%n", v.kpi().label(),
                    v.kpi().unit(), v.verdict() == Verdict.REGRESSION ? "**REGRESSION**" : v.verdict(),
                    KpiVerdict.number(v.baselineMedian()), KpiVerdict.number(v.candidateMedian()),
                    judged ? String.format(Locale.ROOT, "%+.1f%%", v.relativeChange() * 100) : "not judged",
                    judged ? String.format(Locale.ROOT, "%.4f", v.pValue()) : "-", v.baselineRuns(), v.candidateRuns()));
        }
        return md.toString();
    }
}
