package io.kbench.console;

import io.kbench.measure.ProgressLine;
import io.kbench.result.run.DistributedRun;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.WorkerRun;
import java.io.PrintStream;
import java.util.Locale;

/** A distributed run's per-worker breakdown under the summary, and how exact its cross-worker end-to-end latency is. */
public final class WorkerTable {
    private WorkerTable() {
    }

    public static void print(DistributedRun d, PrintStream out) {
        out.printf(Locale.ROOT, "%-14s %-12s %5s %5s %14s %12s %10s %18s%n", "worker", "status", "prod", "cons",
                "produced", "consumed", "pub p99", "clock offset");
        for (WorkerRun w : d.workerRuns()) {
            out.println(String.format(Locale.ROOT, "%-14s %-12s %5d %5d %14s %12s %10s %18s", w.id(), w.status(),
                    w.producers(), w.consumers(),
                    w.summary() == null ? "-" : String.format(Locale.ROOT, "%,d", w.summary().produced().records()),
                    w.summary() == null || w.summary().consumed() == null ? "-"
                            : String.format(Locale.ROOT, "%,d", w.summary().consumed().records()),
                    w.summary() == null ? "-" : p99(w.summary().publishLatencyMicros()),
                    String.format(Locale.ROOT, "%+.2f ±%.2f ms", w.clockOffsetMicros() / 1000, w.clockBoundMicros() / 1000))
                    .stripTrailing());
        }
        // Why a worker did not complete (a failure, or what stopped it) is in result.json; the terminal says it too.
        for (WorkerRun w : d.workerRuns()) {
            if (w.failure() != null) {
                out.println("worker " + w.id() + " " + w.status() + ": " + w.failure());
            }
        }
        out.println("the summary above is merged exactly from the workers' histograms, not from their percentiles");
        if (d.endToEndClockBoundMicros() != null) {
            out.printf(Locale.ROOT, "end-to-end latency between workers is exact to ±%.2f ms (the workers' clock offset bounds)%n",
                    d.endToEndClockBoundMicros() / 1000);
        }
    }

    private static String p99(LatencyStats l) {
        return l == null || l.count() == 0 ? "-" : ProgressLine.millis(l.p99());
    }
}
