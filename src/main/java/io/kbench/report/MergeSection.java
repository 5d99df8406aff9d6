package io.kbench.report;

import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.MergeInfo;
import io.kbench.result.run.MergedInput;
import io.kbench.result.run.Totals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A merged run's inputs ({@code kbench merge}): each one's own figures next to each other, and how they were added. */
final class MergeSection {
    private MergeSection() {
    }

    static void table(HtmlPage page, MergeInfo merge) {
        if (merge == null) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        for (MergedInput in : merge.inputs()) {
            Totals produced = in.summary().produced();
            LatencyStats publish = in.summary().publishLatencyMicros();
            LatencyStats e2e = in.summary().endToEndLatencyMicros();
            rows.add(new Object[] {in.dir(), in.status().json(),
                produced == null ? "-" : Fmt.count(produced.records()),
                produced == null ? "-" : Fmt.rate(produced.recordsPerSec()),
                produced == null || produced.windowStart() == null ? "-" : produced.windowStart().toString(),
                produced == null ? "-" : Fmt.number(produced.windowSec()),
                publish == null || publish.count() == 0 ? "-" : Fmt.millis(publish.p99()),
                e2e == null || e2e.count() == 0 ? "-" : Fmt.millis(e2e.p99())});
        }
        page.section("Merged from " + merge.inputs().size() + " runs")
                .table("merge", new String[] {"run", "status", "produced", "records/s", "window start (UTC)", "window s",
                    "publish p99 ms", "e2e p99 ms"}, rows,
                        new boolean[] {false, false, true, true, false, true, true, true}, -1)
                .paragraph(String.format(Locale.ROOT, "kbench merge: the figures above this table are the runs added up"
                        + " (latency histograms added, never percentiles averaged; rates over the merged window). All"
                        + " %d runs were measuring together for %.1f s, from %s to %s. Intervals: %s.",
                        merge.inputs().size(), merge.commonSec(), merge.commonStart(), merge.commonEnd(),
                        merge.intervalAlignment()), "note")
                .endSection();
    }
}
