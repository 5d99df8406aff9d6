package io.kbench.report;

import io.kbench.compare.KpiVerdict;
import io.kbench.compare.Verdict;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.StringEscapeUtils;

/**
 * The gate's verdicts as JUnit XML: one test case per KPI (failed for a regression, skipped with its message when
 * undecided or with too few runs, so the report shows what was not decided) and one per threshold (failed when it
 * does not hold), so a CI's test report shows them.
 */
public final class GateJunitXml {
    private GateJunitXml() {
    }

    /** {@code thresholds}: {name, null when it held, else why it failed}. */
    public static String of(List<KpiVerdict> verdicts, List<String[]> thresholds) {
        int failures = (int) verdicts.stream().filter(v -> v.verdict() == Verdict.REGRESSION).count()
                + (int) thresholds.stream().filter(t -> t[1] != null).count();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append(String.format(Locale.ROOT, "<testsuite name=\"kbench\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n",
                verdicts.size() + thresholds.size(), failures));
        for (KpiVerdict v : verdicts) {
            x.append("  <testcase classname=\"kbench.regression\" name=\"").append(esc(v.kpi().label())).append("\"");
            if (v.verdict() == Verdict.REGRESSION) {
                x.append(">\n    <failure message=\"").append(esc(v.text().trim())).append("\"/>\n  </testcase>\n");
            } else if (v.verdict() == Verdict.TOO_FEW_RUNS || v.verdict() == Verdict.UNDECIDED) {
                x.append(">\n    <skipped message=\"").append(esc(v.text().trim())).append("\"/>\n  </testcase>\n");
            } else {
                // A passing KPI still carries its effect and interval, so the report says how close it came.
                x.append(">\n    <system-out>").append(esc(v.text().trim())).append("</system-out>\n  </testcase>\n");
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
}
