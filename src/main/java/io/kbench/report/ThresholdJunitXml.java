package io.kbench.report;

import io.kbench.result.ThresholdVerdict;
import java.util.Locale;
import org.apache.commons.text.StringEscapeUtils;

/**
 * {@code --junit-xml FILE} of run, produce, consume, sweep and find-max: one test suite, one test case per threshold
 * (per sweep point and threshold), failed when it did not hold, each with its measured value and limit in the
 * metric's unit; and one case for how the command ended, failed when it ended for a reason other than its thresholds
 * (exit 1, 4, 5, 130), so a CI's test report is never greener than the exit code. The format is the JUnit XML that
 * CI servers read (the Ant JUnit task's testsuite/testcase/failure elements, as {@link GateJunitXml} writes).
 */
public final class ThresholdJunitXml {
    private ThresholdJunitXml() {
    }

    public static String of(ThresholdReport report) {
        int tests = report.judged().cases().size() + 1;
        long failures = report.failures() + (report.endedOtherwise() ? 1 : 0);
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\">%n",
                esc(report.title()), tests, failures));
        String classname = esc(report.command().replace(' ', '.'));
        x.append("  <testcase classname=\"").append(classname).append("\" name=\"exit code\">\n");
        String ended = report.exitText() + ": " + report.exit().meaning();
        if (report.endedOtherwise()) {
            x.append("    <failure type=\"").append(report.exit().name()).append("\" message=\"").append(esc(ended))
                    .append("\"/>\n");
        } else {
            x.append("    <system-out>").append(esc(ended)).append("</system-out>\n");
        }
        x.append("  </testcase>\n");
        for (ThresholdReport.Case c : report.judged().cases()) {
            ThresholdVerdict v = c.verdict();
            String figures = ThresholdFigures.sentence(v) + " (judged on " + report.judged().on() + ")";
            x.append("  <testcase classname=\"kbench.threshold\" name=\"").append(esc(c.title())).append("\">\n");
            if (v.passed()) {
                x.append("    <system-out>").append(esc("PASS: " + figures)).append("</system-out>\n");
            } else {
                x.append("    <failure type=\"THRESHOLD_FAILED\" message=\"").append(esc(figures)).append("\"/>\n");
            }
            x.append("  </testcase>\n");
        }
        return x.append("</testsuite>\n").toString();
    }

    private static String esc(String s) {
        return StringEscapeUtils.escapeXml10(s);
    }
}
