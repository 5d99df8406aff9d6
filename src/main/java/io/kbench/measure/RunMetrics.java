package io.kbench.measure;

import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/**
 * Everything a run measures, shared by the workers (writers) and the interval reporter (reader).
 * "Measured" counters exclude warm-up; "all" counters include it and drive the live progress line.
 */
public final class RunMetrics implements AutoCloseable {
    /** One series per {@link LatencyMetric}, at its ordinal: a lookup per record is an array index, no map or lock. */
    private final LatencySeries[] latencies = new LatencySeries[LatencyMetric.values().length];
    public final Counter producedAll = new Counter();
    public final Counter producedMeasured = new Counter();
    public final ErrorCounts produceErrors = new ErrorCounts();
    public final ErrorCounts warmupProduceErrors = new ErrorCounts();
    public final Counter consumedAll = new Counter();
    public final Counter consumedMeasured = new Counter();
    /** Records consumers could not use: payloads that failed decryption (AES-GCM tag mismatch). */
    public final ErrorCounts consumeErrors = new ErrorCounts();
    /**
     * Publish latency of measured records from the send() call rather than the intended send time: what
     * kafka-producer-perf-test reports, for kbench produce's stock-format line. Each producer records into its own
     * plain histogram (written by its one I/O thread: no atomics per record) and adds it here when it ends.
     */
    private final Histogram publishFromSendCall = LatencyRecorder.newHistogram();
    /** Records sent during a fault; no window is open unless a fault schedule opens one. */
    public final SendWindows faultWindows;
    /** Records sent in each rate stage (producers.stages); none is open without stages. */
    public final SendWindows stageWindows = new SendWindows();

    /** {@code hlogDir} null keeps no interval logs. */
    public RunMetrics(Path hlogDir, long startTimeStampMsec) {
        this(hlogDir, startTimeStampMsec, new SendWindows());
    }

    /** As {@link #RunMetrics(Path, long)}, with the fault windows a fault schedule opens and reads. */
    public RunMetrics(Path hlogDir, long startTimeStampMsec, SendWindows faultWindows) {
        this.faultWindows = faultWindows;
        for (LatencyMetric metric : LatencyMetric.values()) {
            latencies[metric.ordinal()] = new LatencySeries(metric, hlogDir, startTimeStampMsec);
        }
    }

    /** Adds a finished producer's publish latencies from the send() call (called once per producer). */
    public synchronized void addPublishFromSendCall(Histogram producer) {
        publishFromSendCall.add(producer);
    }

    /** Copies what the producers added since the last call into {@code into} (reset first), and forgets it. */
    public synchronized void takePublishFromSendCall(Histogram into) {
        into.reset();
        into.add(publishFromSendCall);
        publishFromSendCall.reset();
    }

    /** The series of {@code metric}; recording threads call {@code latency(m).recorder()} per record. */
    public LatencySeries latency(LatencyMetric metric) {
        return latencies[metric.ordinal()];
    }

    @Override
    public void close() {
        for (LatencySeries series : latencies) {
            series.close();
        }
    }
}
