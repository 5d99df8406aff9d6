package io.kbench.report;

import io.kbench.report.HtmlPage.Kpi;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.TransactionStats;
import java.util.ArrayList;
import java.util.List;

/** Transactional producers: commits, aborts, commit latency and whether aborted records leaked to consumers. */
final class TransactionSection {
    private TransactionSection() {
    }

    static void render(HtmlPage page, TransactionStats t) {
        if (t == null) {
            return;
        }
        page.section("Transactions");
        List<Kpi> kpis = new ArrayList<>();
        kpis.add(new Kpi("committed", Fmt.rate(t.transactionsPerSec()), "transactions/s",
                Fmt.count(t.committed()) + " transactions, " + Fmt.count(t.committedRecords()) + " records"));
        kpis.add(new Kpi("aborted", Fmt.count(t.aborted()), "transactions", Fmt.count(t.abortedRecords()) + " records"));
        LatencyStats c = t.commitLatencyMicros();
        if (c != null && c.count() > 0) {
            kpis.add(new Kpi("commit p50", Fmt.millis(c.p50()), "ms", null));
            kpis.add(new Kpi("commit p99", Fmt.millis(c.p99()), "ms", "max " + Fmt.millis(c.max()) + " ms"));
        }
        if (t.isolationLevel() != null) {
            kpis.add(new Kpi("aborted records consumed", Fmt.count(t.abortedRecordsConsumed()), "records",
                    t.isolationLevel() + (t.abortedLeaked() ? ": a broken guarantee" : "")));
        }
        page.kpis(kpis);
        page.paragraph("Commit latency is commitTransaction() from call to return: the last records' flush and the "
                + "round trip to the transaction coordinator, which answers once it has logged the commit (the markers "
                + "are written to the partitions after that). The producer thread waits for it, so a commit slower "
                + "than a transaction is long holds the producers below their rate (send delay shows it). With "
                + "read_committed, end-to-end latency includes the wait for the commit marker.", t.abortedLeaked() ? "warn" : "note");
        page.endSection();
    }
}
