package io.kbench.load;

import io.kbench.measure.LatencyMetric;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.run.TransactionStats;
import io.kbench.spec.WorkloadSpec;

/**
 * Which latencies a run's summary carries, for a local run and a distributed one alike: publish latency always,
 * end-to-end only when consumers read live, send delay only at a fixed rate (an unlimited rate has no schedule to
 * fall behind, and its latencies are measured from the actual send).
 */
public final class SummaryFigures {
    private SummaryFigures() {
    }

    /** {@code endToEnd}: whether consumers read while producers wrote and so recorded end-to-end latency. */
    public static Summary summary(WorkloadSpec spec, RunMetrics metrics, EndToEndLatency endToEnd, Totals produced,
                                  Totals consumed, TransactionStats transactions) {
        boolean fixedRate = !spec.producers().unlimitedRate();
        return new Summary(latencyMeasuredFrom(spec), produced, consumed,
                metrics.latency(LatencyMetric.PUBLISH).totalStats(),
                endToEnd == EndToEndLatency.RECORDED ? metrics.latency(LatencyMetric.END_TO_END).totalStats() : null,
                fixedRate ? metrics.latency(LatencyMetric.SEND_DELAY).totalStats() : null, transactions);
    }

    /** The summary of a run stopped before its start: nothing measured, no consumers' totals. */
    public static Summary nothingMeasured(WorkloadSpec spec, Totals produced) {
        return new Summary(latencyMeasuredFrom(spec), produced, null, LatencyStats.EMPTY, null, null, null);
    }

    /** Where latencies start: the intended send time at a fixed rate (coordinated omission handled), else the send. */
    public static String latencyMeasuredFrom(WorkloadSpec spec) {
        return spec.producers().unlimitedRate() ? "actualSendTime" : "intendedSendTime";
    }
}
