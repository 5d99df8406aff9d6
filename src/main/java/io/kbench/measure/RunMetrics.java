package io.kbench.measure;

import java.nio.file.Path;

/**
 * Everything a run measures, shared by the workers (writers) and the interval reporter (reader).
 * "Measured" counters exclude warm-up; "all" counters include it and drive the live progress line.
 */
public final class RunMetrics implements AutoCloseable {
    public final LatencySeries publishLatency;
    public final LatencySeries endToEndLatency;
    public final LatencySeries sendDelay;
    public final Counter producedAll = new Counter();
    public final Counter producedMeasured = new Counter();
    public final ErrorCounts produceErrors = new ErrorCounts();
    public final ErrorCounts warmupProduceErrors = new ErrorCounts();
    public final Counter consumedAll = new Counter();
    public final Counter consumedMeasured = new Counter();
    /** Records consumers could not use: payloads that failed decryption (AES-GCM tag mismatch). */
    public final ErrorCounts consumeErrors = new ErrorCounts();
    /** Records sent during a fault; no window is open unless a fault schedule opens one. */
    public final FaultWindows faultWindows;

    /** {@code hlogDir} null keeps no interval logs. */
    public RunMetrics(Path hlogDir, long startTimeStampMsec) {
        this(hlogDir, startTimeStampMsec, new FaultWindows());
    }

    /** As {@link #RunMetrics(Path, long)}, with the fault windows a fault schedule opens and reads. */
    public RunMetrics(Path hlogDir, long startTimeStampMsec, FaultWindows faultWindows) {
        this.faultWindows = faultWindows;
        publishLatency = new LatencySeries("publish", hlog(hlogDir, "publish-latency"), startTimeStampMsec);
        endToEndLatency = new LatencySeries("end-to-end", hlog(hlogDir, "end-to-end-latency"), startTimeStampMsec);
        sendDelay = new LatencySeries("send-delay", hlog(hlogDir, "send-delay"), startTimeStampMsec);
    }

    private static Path hlog(Path dir, String name) {
        return dir == null ? null : dir.resolve(name + ".hlog");
    }

    @Override
    public void close() {
        publishLatency.close();
        endToEndLatency.close();
        sendDelay.close();
    }
}
