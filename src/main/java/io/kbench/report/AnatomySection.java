package io.kbench.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.report.Charts.Xy;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.Schedule;
import io.kbench.result.telemetry.Anatomy;
import io.kbench.result.telemetry.AnatomyPart;
import io.kbench.result.telemetry.PartShare;
import java.util.ArrayList;
import java.util.List;

/**
 * "Where the time went": the publish latency's parts stacked per interval, on the latency charts' time axis, and the
 * parts over the measured window as a table (docs/diagnosis.md#latency-anatomy).
 */
final class AnatomySection {
    private static final List<String> COLORS = List.of(Charts.GREY, "#ca8a04", Charts.TEAL, Charts.BLUE, Charts.PURPLE,
            Charts.ORANGE, "#db2777", "#9ca3af");

    private AnatomySection() {
    }

    /** The stacked chart; nothing when the run has no anatomy. */
    static void chart(HtmlPage page, List<IntervalPoint> intervals, Anatomy anatomy, ObjectNode timeAxis) {
        if (anatomy == null) {
            return;
        }
        List<ObjectNode> ds = new ArrayList<>();
        int color = 0;
        for (AnatomyPart p : anatomy.parts()) {
            if (!p.part().publish()) {
                continue;
            }
            List<Xy> xy = new ArrayList<>();
            for (int i = 0; i < intervals.size(); i++) {
                double v = p.at(i);
                xy.add(new Xy(RunPage.round(intervals.get(i).endSec(), 3),
                        Double.isNaN(v) ? Double.NaN : RunPage.round(v, 3)));
            }
            ObjectNode d = Charts.lineDataset(p.part().label() + " (" + p.part().measure() + ", " + p.statistic() + ")",
                    COLORS.get(color++ % COLORS.size()), xy, false, null);
            // Each part filled down to the one below it: the stack's top is the mean publish latency.
            d.put("fill", color == 1 ? "origin" : "-1");
            d.put("pointRadius", 0);
            ds.add(d);
        }
        ObjectNode y = Charts.scale("linear", "ms (mean per interval, stacked)");
        y.put("stacked", true);
        y.put("beginAtZero", true);
        page.chart("Where the time went (publish latency, ms)", "the parts of the mean publish latency per interval,"
                + " stacked (their top is the interval's mean); the broker parts are Produce RequestMetrics interval"
                + " means, the record queue time is the producers' windowed mean. Shares of the mean, not of a"
                + " percentile", Charts.legendBottom(Charts.xyChart(ds, timeAxis.deepCopy(), y)), false);
    }

    /**
     * The schedule line of a fixed-rate run (whether it did what was asked comes before where its time went), then the
     * parts over the measured window with their share; each only when the run has it.
     */
    static void table(HtmlPage page, Schedule schedule, Anatomy anatomy) {
        if (schedule != null) {
            page.section("Schedule").paragraph(schedule.line(), schedule.met() ? "note" : "warn").endSection();
        }
        if (anatomy == null) {
            return;
        }
        page.section("Where the time went");
        if (anatomy.headline() != null) {
            // Neutral, not the verdict's orange: where the time went is a finding about any run, not a limit found.
            page.paragraph(anatomy.headline(), "diagnosis");
        }
        List<Object[]> rows = new ArrayList<>();
        for (PartShare s : anatomy.measured()) {
            rows.add(new Object[] {s.part().label(), s.part().measure(), Fmt.number(s.meanMs()),
                    s.share() == null ? "-" : Fmt.number(100 * s.share()) + "%"});
        }
        page.table("anatomy", new String[] {"part", "measured by", "mean (ms)", "share of the publish mean"}, rows,
                new boolean[] {false, false, true, true}, -1);
        page.paragraph("Method: " + anatomy.method(), "note");
        page.endSection();
    }
}
