package io.kbench.report;

import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.StageResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Rate stages (producers.stages; docs/workloads.md#rate-stages): per stage what it offered, what the cluster
 * acknowledged while it lasted, and the latency of its own records.
 */
final class StagesSection {
    private StagesSection() {
    }

    static void render(HtmlPage page, List<StageResult> stages) {
        if (stages == null || stages.isEmpty()) {
            return;
        }
        page.section("Rate stages: offered and achieved");
        boolean endToEnd = stages.stream().anyMatch(s -> s.endToEnd() != null);
        List<Object[]> rows = new ArrayList<>();
        for (StageResult s : stages) {
            LatencyStats p = s.publish();
            boolean latency = p.count() > 0;
            LatencyStats e = s.endToEnd();
            boolean e2e = e != null && e.count() > 0;
            List<Object> row = new ArrayList<>(List.of(String.valueOf(s.stage()), s.shape(), Fmt.number(s.startSec()),
                    Fmt.number(s.endSec()), Fmt.rate(s.offeredRecordsPerSec()), Fmt.rate(s.achievedRecordsPerSec()),
                    Fmt.number(100 * s.achievedRatio()), latency ? Fmt.millis(p.p50()) : "-",
                    latency ? Fmt.millis(p.p99()) : "-", Fmt.count(s.failed())));
            if (endToEnd) {
                row.add(e2e ? Fmt.millis(e.p99()) : "-");
            }
            rows.add(row.toArray());
        }
        List<String> head = new ArrayList<>(List.of("stage", "shape", "from s", "to s", "offered records/s",
                "achieved records/s", "achieved %", "publish p50 ms", "publish p99 ms", "failed"));
        boolean[] numeric = new boolean[head.size() + (endToEnd ? 1 : 0)];
        for (int i = 2; i < numeric.length; i++) {
            numeric[i] = true;
        }
        if (endToEnd) {
            head.add("e2e p99 ms");
        }
        page.table("stages", head.toArray(String[]::new), rows, numeric, -1);
        page.paragraph("Times are seconds since the run started, as on the charts. Offered: the stage's records over its"
                + " length (a ramp offers the mean of its two ends). Achieved: measured records acknowledged while the"
                + " stage lasted, per second; a stage that falls behind passes records on to the next. Latency: the"
                + " records whose intended send time falls in the stage, from that time (coordinated omission"
                + " included).", "note");
        page.endSection();
    }
}
