package io.kbench.console;

import io.kbench.load.ConsumePhaseListener;
import java.io.PrintWriter;

/**
 * Prints kafka-consumer-perf-test's lines as the consume phase goes: with --show-detailed-stats the header
 * and one line per reporting interval with records (and no summary line, as that tool does), else the header and the
 * summary line at the end. The header sits right above the first CSV line so a parser finds header and values
 * together among kbench's own output.
 */
public final class ConsumerPerfPrinter implements ConsumePhaseListener {
    private final ConsumerPerfCsv csv;
    private final PrintWriter out;
    private final boolean detailed;
    private final boolean hideHeader;
    private final long expectedRecords;
    private final long timeoutMs;
    private final long reportingIntervalMs;
    private Snapshot start;
    private Snapshot last;

    public ConsumerPerfPrinter(ConsumerPerfCsv csv, PrintWriter out, boolean detailed, boolean hideHeader,
                        long expectedRecords, long timeoutMs, long reportingIntervalMs) {
        this.csv = csv;
        this.out = out;
        this.detailed = detailed;
        this.hideHeader = hideHeader;
        this.expectedRecords = expectedRecords;
        this.timeoutMs = timeoutMs;
        this.reportingIntervalMs = reportingIntervalMs;
    }

    @Override
    public void started(Snapshot s) {
        start = s;
        last = s;
        if (detailed) {
            out.print(header(ConsumerPerfCsv.DETAILED_HEADER));
            out.flush();
        }
    }

    @Override
    public void progress(Snapshot now) {
        // As the stock tool: a line once a reporting interval has passed and records came with the poll.
        if (now.timeMillis() - last.timeMillis() >= reportingIntervalMs && now.records() > last.records()) {
            if (detailed) {
                out.println(csv.interval(last, now));
                out.flush();
            }
            last = now;
        }
    }

    @Override
    public void finished(Snapshot end) {
        // The stock tool checks the interval for every record, so the poll that ends the run prints a line too.
        progress(end);
        if (end.records() < expectedRecords) {
            out.printf("WARNING: Exiting before consuming the expected number of records: timeout (%d ms) exceeded."
                    + " You can use the --timeout option to increase the timeout.%n", timeoutMs);
        }
        if (!detailed) {
            // One write, so the reporter thread's progress line cannot land between header and values.
            out.print(header(ConsumerPerfCsv.SUMMARY_HEADER) + csv.summary(start, end) + System.lineSeparator());
        }
        out.flush();
    }

    private String header(String line) {
        return hideHeader ? "" : line + System.lineSeparator();
    }
}
