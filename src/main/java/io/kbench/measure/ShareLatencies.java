package io.kbench.measure;

import io.kbench.result.run.LatencyStats;

/**
 * The share group's latencies beyond first delivery (which is the run's end-to-end latency): send to the accepted
 * delivery's acknowledgement, and one acknowledgement commit. Wait-free recording from every share consumer.
 */
public final class ShareLatencies {
    public final LatencyRecorder accepted = new LatencyRecorder();
    public final LatencyRecorder acknowledgeCommit = new LatencyRecorder();

    /** Everything {@code recorder} recorded; call once, after the consumers stopped. */
    public static LatencyStats total(LatencyRecorder recorder) {
        return LatencySeries.stats(recorder.takeInterval(null));
    }
}
