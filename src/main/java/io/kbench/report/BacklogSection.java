package io.kbench.report;

import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.LatencyStats;
import java.util.ArrayList;
import java.util.List;

/**
 * A backlog phase (consumers.pause; docs/backlog.md): the backlog at the resume, the time to drain and the catch-up
 * read rate as figures, and per phase what the consumers read and the producers' publish latency meanwhile.
 */
final class BacklogSection {
    private BacklogSection() {
    }

    static void render(HtmlPage page, BacklogPhases b) {
        if (b == null) {
            return;
        }
        page.section("Backlog: pause, build, catch up, drain");
        if (b.backlogRecords() == null) {
            page.paragraph("The consumers never resumed (" + b.condition() + ").", "warn");
        } else {
            List<Kpi> kpis = new ArrayList<>();
            kpis.add(new Kpi("backlog at the resume", Fmt.mib(b.backlogMiB()), "MiB",
                    Fmt.count(b.backlogRecords()) + " records; resumed by " + (b.resumedBy() == BacklogPhases.Resumed.CONDITION
                            ? b.condition() : "the producers' end")));
            kpis.add(new Kpi("time to drain", b.drainSec() == null ? "-" : Fmt.number(b.drainSec()), "s",
                    b.drainSec() == null ? "not drained by the end of the run"
                            : "lag back to <= " + Fmt.count(b.drainLagRecords()) + " records"));
            if (b.catchUpRecordsPerSec() != null) {
                kpis.add(new Kpi("catch-up read", Fmt.mib(b.catchUpMiBPerSec()), "MiB/s",
                        Fmt.rate(b.catchUpRecordsPerSec()) + " records/s"));
            }
            page.kpis(kpis);
        }
        List<Object[]> rows = new ArrayList<>();
        for (BacklogPhases.Phase p : b.phases()) {
            LatencyStats l = p.publish();
            boolean latency = l != null && l.count() > 0;
            rows.add(new Object[] {p.name().label(), Fmt.number(p.startSec()),
                Fmt.number(p.endSec()), Fmt.rate(p.consumedRecordsPerSec()), Fmt.mib(p.consumedMiBPerSec()),
                latency ? Fmt.millis(l.p50()) : "-", latency ? Fmt.millis(l.p99()) : "-",
                latency ? Fmt.millis(l.max()) : "-"});
        }
        page.table("backlog", new String[] {"phase", "from s", "to s", "consumed records/s", "consumed MiB/s",
            "publish p50 ms", "publish p99 ms", "publish max ms"}, rows,
                new boolean[] {false, true, true, true, true, true, true, true}, -1);
        page.paragraph("Times are seconds from the first measured send. Drained: the consumer lag back at or below the"
                + " highest lag sampled before the pause. Publish latency: records whose intended send time falls in the"
                + " phase, from that time (coordinated omission included). MiB = 1,048,576 bytes.", "note");
        page.endSection();
    }
}
