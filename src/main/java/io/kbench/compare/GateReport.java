package io.kbench.compare;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.StringEscapeUtils;

/** The gate's verdicts as a terminal table, a Markdown summary (a CI step summary) and JUnit XML. */
public final class GateReport {
    private GateReport() {
    }

    /** One line per KPI; a difference is shown as a percentage only with its p-value and the verdict it led to. */
    public static void print(String baseline, List<KpiVerdict> verdicts, PrintStream out) {
        out.println("baseline: " + baseline);
        for (KpiVerdict v : verdicts) {
            out.println(line(v));
        }
    }

    static String line(KpiVerdict v) {
        String change = v.verdict() == Verdict.TOO_FEW_RUNS
                ? "too few runs to judge (" + v.baselineRuns() + " baseline, " + v.candidateRuns() + " candidate)"
                : String.format(Locale.ROOT, "%+.1f%% (Mann-Whitney p %.4f, %d vs %d runs)", v.relativeChange() * 100,
                        v.pValue(), v.baselineRuns(), v.candidateRuns());
        return String.format(Locale.ROOT, "  %-26s %-12s median %s -> %s %s, %s", v.kpi().label(), v.verdict(),
                num(v.baselineMedian()), num(v.candidateMedian()), v.kpi().unit(), change);
    }

    public static String markdown(String baseline, List<KpiVerdict> verdicts, Gate gate) {
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
                    num(v.baselineMedian()), num(v.candidateMedian()),
                    judged ? String.format(Locale.ROOT, "%+.1f%%", v.relativeChange() * 100) : "not judged",
                    judged ? String.format(Locale.ROOT, "%.4f", v.pValue()) : "-", v.baselineRuns(), v.candidateRuns()));
        }
        return md.toString();
    }

    /**
     * JUnit XML: one test case per KPI (failed for a regression) and one per threshold (failed when it does not
     * hold), so a CI's test report shows them.
     */
    public static String junit(List<KpiVerdict> verdicts, List<String[]> thresholds) {
        int failures = (int) verdicts.stream().filter(v -> v.verdict() == Verdict.REGRESSION).count()
                + (int) thresholds.stream().filter(t -> t[1] != null).count();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append(String.format(Locale.ROOT, "<testsuite name=\"kbench\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n",
                verdicts.size() + thresholds.size(), failures));
        for (KpiVerdict v : verdicts) {
            x.append("  <testcase classname=\"kbench.regression\" name=\"").append(esc(v.kpi().label())).append("\"");
            if (v.verdict() == Verdict.REGRESSION) {
                x.append(">\n    <failure message=\"").append(esc(line(v).trim())).append("\"/>\n  </testcase>\n");
            } else if (v.verdict() == Verdict.TOO_FEW_RUNS) {
                x.append(">\n    <skipped message=\"").append(esc(line(v).trim())).append("\"/>\n  </testcase>\n");
            } else {
                x.append("/>\n");
            }
        }
        for (String[] t : thresholds) {
            x.append("  <testcase classname=\"kbench.threshold\" name=\"").append(esc(t[0])).append("\"");
            x.append(t[1] == null ? "/>\n" : ">\n    <failure message=\"" + esc(t[1]) + "\"/>\n  </testcase>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    private static String esc(String s) {
        return StringEscapeUtils.escapeXml10(s);
    }

    private static String num(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
