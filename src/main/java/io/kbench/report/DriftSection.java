package io.kbench.report;

import io.kbench.report.HtmlPage.Html;
import io.kbench.result.run.Drift;
import io.kbench.result.run.SteadyState;
import java.util.ArrayList;
import java.util.List;

/**
 * Steady state and drift over the measured window (docs/results.md#drift): the judgement as a badge, the trends of
 * throughput and p99 with their intervals, and the last third against the peak. Right under the headline figures,
 * since a drifting run's averages describe no part of its window well.
 */
final class DriftSection {
    private DriftSection() {
    }

    static void render(HtmlPage page, Drift d) {
        if (d == null) {
            return;
        }
        String css = switch (d.state()) {
            case STEADY -> "pass";
            case DRIFTING -> "fail";
            case TOO_SHORT -> "warn";
        };
        String label = switch (d.state()) {
            case STEADY -> "STEADY";
            case DRIFTING -> "DRIFTING";
            case TOO_SHORT -> "TOO SHORT";
        };
        page.section("Steady state over the measured window", "drift " + css,
                Html.of("span", "badge " + css, label));
        if (d.state() == SteadyState.TOO_SHORT) {
            page.paragraph(d.intervals() + " whole measured interval(s): a trend needs " + d.limits().minIntervals()
                    + ". The averages above may hide a trend nobody can see here.", "note").endSection();
            return;
        }
        if (d.state() == SteadyState.DRIFTING) {
            page.paragraph("Drifting: " + String.join(", ", d.reasons()) + ". The averages above describe no part"
                    + " of the window well; judge this run as drifting, not as steady.", "warn");
        }
        List<Object[]> rows = new ArrayList<>();
        rows.add(row(d.recordsPerSec(), Fmt.rate(d.recordsPerSec().median()) + " records/s"));
        if (d.p99() != null) {
            rows.add(row(d.p99(), Fmt.millis(d.p99().median()) + " ms"));
        }
        page.table("drift", new String[] {"series", "median", "trend %/min", "95% interval %/min"}, rows,
                new boolean[] {false, true, true, true}, -1);
        Drift.Level l = d.level();
        page.paragraph("Last third of the window: " + Fmt.rate(l.steadyRecordsPerSec()) + " records/s, "
                + Fmt.percent(100 * l.ratio()) + " of the peak (" + Fmt.rate(l.peakRecordsPerSec())
                + " records/s, the highest median of 3 intervals in a row).", "");
        page.paragraph("Over " + d.intervals() + " whole measured intervals. Trend: the Theil-Sen slope (the median of"
                + " the slopes between every pair of intervals) as % of the median per minute, with Sen's interval."
                + " Drifting: a records/s trend beyond ±" + Fmt.number(d.limits().recordsPctPerMin()) + "%/min whose"
                + " interval excludes 0, or a last third below " + Fmt.percent(100 * d.limits().levelRatio())
                + " of the peak. The p99 trend is shown, not judged.", "note");
        page.endSection();
    }

    private static Object[] row(Drift.Slope s, String median) {
        return new Object[] {s.series(), median, Fmt.signed(s.pctPerMin()),
            Fmt.signed(s.lowPctPerMin()) + " to " + Fmt.signed(s.highPctPerMin())};
    }
}
