package io.kbench.console;

import io.kbench.measure.ProgressLine;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.telemetry.Telemetry;
import java.io.PrintStream;
import java.util.Locale;

/** The compact end-of-run table on the terminal. */
public final class SummaryTable {
    private SummaryTable() {
    }

    public static void print(Summary s, PrintStream out) {
        out.println();
        out.printf(Locale.ROOT, "%-12s %14s %14s %10s %10s %9s%n", "", "records", "records/s", "MiB/s", "window s", "errors");
        totals(out, "produced", s.produced(), true);
        if (s.consumed() != null) {
            totals(out, "consumed", s.consumed(), false);
        }
        out.println();
        out.printf(Locale.ROOT, "%-12s %10s %10s %10s %10s %10s %10s%n", "latency", "p50", "p95", "p99", "p99.9", "max", "mean");
        latency(out, "publish", s.publishLatencyMicros());
        if (s.endToEndLatencyMicros() != null) {
            latency(out, "end-to-end", s.endToEndLatencyMicros());
        }
        if (s.sendDelayMicros() != null) {
            latency(out, "send delay", s.sendDelayMicros());
        }
        out.println(s.latencyMeasuredFrom().equals("intendedSendTime")
                ? "latency is measured from each record's intended send time (coordinated omission corrected)"
                : "latency is measured from the actual send (unlimited rate: there is no schedule to fall behind)");
    }

    /** The diagnosis after the table ({@code limited by: ...}), when the run has one. */
    public static void limitedBy(Telemetry telemetry, PrintStream out) {
        if (telemetry != null && telemetry.diagnosis() != null) {
            out.println(telemetry.diagnosis().line());
        }
    }

    private static void totals(PrintStream out, String label, Totals t, boolean withErrors) {
        // The consumed row has no errors column: strip the blank cell so no line ends in spaces.
        out.println(String.format(Locale.ROOT, "%-12s %,14d %,14.1f %10.2f %10.1f %9s", label, t.records(),
                t.recordsPerSec(), t.mebibytesPerSec(), t.windowSec(),
                withErrors ? String.format(Locale.ROOT, "%,d", t.errors()) : "").stripTrailing());
    }

    private static void latency(PrintStream out, String label, LatencyStats l) {
        if (l.count() == 0) {
            out.printf(Locale.ROOT, "%-12s %10s%n", label, "(none)");
            return;
        }
        out.printf(Locale.ROOT, "%-12s %10s %10s %10s %10s %10s %10s%n", label, ProgressLine.millis(l.p50()),
                ProgressLine.millis(l.p95()), ProgressLine.millis(l.p99()), ProgressLine.millis(l.p999()),
                ProgressLine.millis(l.max()), ProgressLine.millis(l.mean()));
    }
}
