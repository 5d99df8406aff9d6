package io.kbench.cli;

import io.kbench.console.ProducerPerfText;
import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyRecorder;
import io.kbench.measure.LatencySeries;
import io.kbench.measure.LiveMetrics;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.LatencyStats;
import java.io.PrintStream;
import java.util.Map;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Adds up, interval by interval, the publish latency of measured records from the send() call: the figure
 * kafka-producer-perf-test prints, which kbench produce's stock-format final line must carry; and prints that tool's
 * progress line ("N records sent, ...") for every interval with acknowledged records, as it does every
 * {@code --reporting-interval}, so that scripts reading those lines read kbench's too. The progress line's latency is
 * the interval's publish latency as kbench measures it: from the send call at an unlimited rate (the stock meaning),
 * from the intended send time at a fixed rate, since the send-call figures arrive only as each producer finishes.
 * Told once per interval by the reporter's thread, read once by the command after the run: never on a per-record path.
 */
final class SendCallLatency implements LiveMetrics {
    private final Histogram total = LatencyRecorder.newHistogram();
    private final PrintStream windows;
    private final ClientMetricsTable clientMetrics;

    /** Prints the stock tool's progress lines to {@code windows}; keeps the producers' metrics in {@code clientMetrics}. */
    SendCallLatency(PrintStream windows, ClientMetricsTable clientMetrics) {
        this.windows = windows;
        this.clientMetrics = clientMetrics;
    }

    @Override
    public void producerClosing(Supplier<Map<String, Object>> metrics) {
        clientMetrics.producerClosing(metrics);
    }

    @Override
    public synchronized void publishFromSendCall(Histogram interval) {
        if (interval != null) {
            total.add(interval);
        }
    }

    @Override
    public synchronized void interval(IntervalPoint point, IntervalCounts counts) {
        // As in the stock tool, whose window closes on an acknowledgement: no line for an interval without any.
        if (counts.producedRecords() > 0) {
            LatencyStats latency = point.publishLatencyMicros() == null ? LatencyStats.EMPTY : point.publishLatencyMicros();
            windows.println(ProducerPerfText.windowLine(counts.producedRecords(), point.producedRecordsPerSec(),
                    point.producedMebibytesPerSec(), latency));
        }
    }

    /** Everything told so far. */
    synchronized LatencyStats stats() {
        return LatencySeries.stats(total);
    }
}
