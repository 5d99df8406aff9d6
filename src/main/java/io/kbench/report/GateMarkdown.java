package io.kbench.report;

import io.kbench.compare.Gate;
import io.kbench.compare.GateConditions;
import io.kbench.compare.KpiVerdict;
import io.kbench.compare.Verdict;
import java.util.List;
import java.util.Locale;

/** The gate's verdicts as a Markdown summary, appended to a CI's step summary. */
public final class GateMarkdown {
    private GateMarkdown() {
    }

    public static String of(String baseline, GateConditions like, List<KpiVerdict> verdicts, Gate gate) {
        StringBuilder md = new StringBuilder();
        boolean failed = verdicts.stream().anyMatch(v -> v.verdict() == Verdict.REGRESSION);
        long undecided = verdicts.stream().filter(v -> v.verdict() == Verdict.UNDECIDED).count();
        md.append("### kbench: ").append(failed ? "regression" : "no regression")
                .append(undecided > 0 ? ", " + undecided + " KPI(s) UNDECIDED" : "").append("\n\n");
        md.append("Baseline: `").append(baseline.replace("`", "'")).append("`. ")
                .append(capitalised(gate.ruleText())).append(".\n\n");
        if (!like.differences().isEmpty()) {
            md.append("**Not like with like:** ").append(String.join("; ", like.differences())).append(".\n\n");
        }
        like.lines().stream().filter(l -> !l.startsWith("not like with like"))
                .forEach(l -> md.append(capitalised(l)).append(".\n\n"));
        md.append("| KPI | verdict | baseline median | candidate median | effect [interval] | runs (baseline / candidate) |\n");
        md.append("|---|---|---:|---:|---|---:|\n");
        for (KpiVerdict v : verdicts) {
            md.append(String.format(Locale.ROOT, "| %s (%s) | %s | %s | %s | %s | %d / %d |%n", v.kpi().label(),
                    v.kpi().unit(), switch (v.verdict()) {
                        case REGRESSION, UNDECIDED -> "**" + v.verdict() + "**";
                        default -> v.verdict().toString();
                    }, KpiVerdict.number(v.baselineMedian()), KpiVerdict.number(v.candidateMedian()),
                    v.verdict() == Verdict.TOO_FEW_RUNS ? "not judged: one run on a side" : v.effect().text()
                            .replace("|", "\\|"), v.baselineRuns(), v.candidateRuns()));
        }
        if (undecided > 0) {
            md.append("\nUNDECIDED does not fail the build: these repetitions could not tell. Add repetitions on either"
                    + " side to decide.\n");
        }
        return md.toString();
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
