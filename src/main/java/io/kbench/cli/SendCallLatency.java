package io.kbench.cli;

import io.kbench.measure.LatencyRecorder;
import io.kbench.measure.LatencySeries;
import io.kbench.measure.LiveMetrics;
import io.kbench.result.run.LatencyStats;
import org.HdrHistogram.Histogram;

/**
 * Adds up, interval by interval, the publish latency of measured records from the send() call: the figure
 * kafka-producer-perf-test prints, which kbench produce's stock-format line must carry. Told once per interval by the
 * reporter's thread, read once by the command after the run: never on a per-record path.
 */
final class SendCallLatency implements LiveMetrics {
    private final Histogram total = LatencyRecorder.newHistogram();

    @Override
    public synchronized void publishFromSendCall(Histogram interval) {
        if (interval != null) {
            total.add(interval);
        }
    }

    /** Everything told so far. */
    synchronized LatencyStats stats() {
        return LatencySeries.stats(total);
    }
}
