package io.kbench.report;

import io.kbench.result.ThresholdVerdict;

/**
 * {@code --markdown FILE} of run, produce, consume, sweep and find-max: a heading with the verdict and the exit code,
 * then one table row per threshold (per sweep point and threshold) with its measured value and limit in the metric's
 * unit. Appended to the file, so that GitHub's {@code $GITHUB_STEP_SUMMARY} collects every command of a job.
 */
public final class ThresholdMarkdown {
    private ThresholdMarkdown() {
    }

    public static String of(ThresholdReport report) {
        ThresholdReport.Judged judged = report.judged();
        int total = judged.cases().size();
        String verdict = total == 0 ? "no thresholds"
                : report.failures() == 0 ? "all " + total + " threshold(s) held"
                : report.failures() + " of " + total + " threshold(s) failed";
        StringBuilder md = new StringBuilder();
        md.append("### ").append(text(report.title())).append(": ").append(verdict)
                .append(" (").append(report.exitText()).append(")\n\n");
        if (report.endedOtherwise()) {
            md.append("**").append(report.exit().meaning()).append("** The thresholds are moot: ")
                    .append("the exit code says why the command ended (docs/exit-codes.md).\n\n");
        }
        if (total == 0) {
            return md.toString();
        }
        md.append("Judged on ").append(judged.on()).append(".\n\n");
        boolean points = judged.cases().stream().anyMatch(c -> c.subject() != null);
        md.append(points ? "| point " : "").append("| verdict | threshold | measured | limit |\n");
        md.append(points ? "|---" : "").append("|---|---|---:|---|\n");
        for (ThresholdReport.Case c : judged.cases()) {
            ThresholdVerdict v = c.verdict();
            if (points) {
                md.append("| ").append(text(c.subject() == null ? "" : c.subject())).append(' ');
            }
            md.append("| ").append(v.passed() ? "PASS" : "**FAIL**").append(" | `").append(cell(v.threshold().text()))
                    .append("` | ").append(text(ThresholdFigures.measured(v))).append(" | ")
                    .append(text(ThresholdFigures.limit(v.threshold()))).append(" |\n");
        }
        return md.append('\n').toString();
    }

    /** Text in a code span in a table: a {@code |} would end the cell, a backquote the span, a newline the row. */
    private static String cell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("`", "'").replace('\n', ' ').replace('\r', ' ');
    }

    /** Plain text in a heading or a cell: as {@link #cell}, and no markup (a workload named {@code <details>}). */
    private static String text(String s) {
        return cell(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
