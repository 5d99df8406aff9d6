package io.kbench.report;

import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.RebalanceStats;
import io.kbench.result.run.RebalanceWindow;
import io.kbench.result.run.ShareConsumerStats;
import io.kbench.result.run.ShareStats;
import java.util.ArrayList;
import java.util.List;

/** A share group's figures (consumers.mode share) and the rebalance gaps of consumer changes, in a run's report. */
final class GroupSection {
    private GroupSection() {
    }

    static void share(HtmlPage page, ShareStats s) {
        if (s == null) {
            return;
        }
        List<Kpi> kpis = new ArrayList<>();
        kpis.add(new Kpi("accepted", Fmt.count(s.accepted()), "records", s.acknowledgement().property() + " acknowledgement"));
        kpis.add(new Kpi("redelivered", Fmt.count(s.redelivered()), "records", Fmt.count(s.redeliveries()) + " redeliveries"));
        kpis.add(new Kpi("rejected", Fmt.count(s.rejected()), "records", null));
        kpis.add(new Kpi("archived", Fmt.count(s.archived()), "records", "released on delivery " + s.deliveryCountLimit()));
        kpis.add(latency("first delivery p99", s.firstDeliveryLatencyMicros()));
        kpis.add(latency("accepted p99", s.acceptedLatencyMicros()));
        kpis.add(latency("ack commit p99", s.acknowledgeCommitLatencyMicros()));
        if (s.throughputSpread() != null) {
            kpis.add(new Kpi("per-consumer rate", Fmt.rate(s.throughputSpread().min()) + " - "
                    + Fmt.rate(s.throughputSpread().max()), "records/s", "median " + Fmt.rate(s.throughputSpread().median())));
        }
        List<Object[]> rows = new ArrayList<>();
        for (ShareConsumerStats c : s.perConsumer()) {
            rows.add(new Object[] {Integer.toString(c.consumer()), Fmt.count(c.deliveries()), Fmt.count(c.accepted()),
                Fmt.rate(c.recordsPerSec())});
        }
        page.section("Share group").kpis(kpis)
                .table("share", new String[] {"consumer", "deliveries", "accepted", "accepted records/s"}, rows,
                        new boolean[] {true, true, true, true}, -1)
                .paragraph("Latencies from the send: to the first delivery, and to the acknowledgement of the delivery"
                        + " that was accepted. " + Fmt.count(s.acknowledgeErrors()) + " acknowledgements failed to"
                        + " commit.", "note")
                .endSection();
    }

    static void rebalances(HtmlPage page, RebalanceStats r) {
        if (r == null) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        rows.add(row("baseline", r.baseline()));
        for (RebalanceWindow w : r.changes()) {
            rows.add(row(Fmt.signed(w.delta()) + " at " + Fmt.number(w.atSec()) + " s", w));
        }
        page.section("Rebalances (" + r.groupProtocol() + " protocol)")
                .table("rebalances", new String[] {"window", "consumers", "partitions", "gap p50 ms", "gap max ms",
                    "spike p50 ms", "spike max ms"}, rows,
                        new boolean[] {false, true, true, true, true, true, true}, -1)
                .paragraph("Per partition: the longest gap between two polls that returned its records (last record"
                        + " before the rebalance, first after), and its highest end-to-end latency in the window;"
                        + " p50 and max over the partitions.", "note")
                .endSection();
    }

    private static Object[] row(String label, RebalanceWindow w) {
        return new Object[] {label, Integer.toString(w.consumersAfter()), Integer.toString(w.partitions().size()),
            Fmt.millis(w.gapMicros().p50()), Fmt.millis(w.gapMicros().max()),
            Fmt.millis(w.latencySpikeMicros().p50()), Fmt.millis(w.latencySpikeMicros().max())};
    }

    private static Kpi latency(String label, LatencyStats l) {
        return new Kpi(label, l == null || l.count() == 0 ? "-" : Fmt.millis(l.p99()), "ms",
                l == null || l.count() == 0 ? null : "max " + Fmt.millis(l.max()) + " ms");
    }
}
