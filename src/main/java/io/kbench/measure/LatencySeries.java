package io.kbench.measure;

import io.kbench.result.run.LatencyStats;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/**
 * One latency metric over a run: the live recorder, the last interval, the running total and the lossless interval
 * log ({@link IntervalLog}) that lets any window be re-aggregated later.
 */
public final class LatencySeries implements AutoCloseable {
    private final LatencyMetric metric;
    private final LatencyRecorder recorder = new LatencyRecorder();
    private final Histogram total = LatencyRecorder.newHistogram();
    private Histogram interval;
    private final IntervalLog log;

    /** {@code hlogDir} null means keep no log; {@code startTimeStampMsec} is the wall-clock base of the log. */
    public LatencySeries(LatencyMetric metric, Path hlogDir, long startTimeStampMsec) {
        this.metric = metric;
        log = hlogDir == null ? null : IntervalLog.create(hlogDir, metric, startTimeStampMsec);
    }

    public LatencyMetric metric() {
        return metric;
    }

    public LatencyRecorder recorder() {
        return recorder;
    }

    /**
     * Closes the current interval: swaps it out of the recorder, and when {@code measured} adds it to the
     * total and the log. Warm-up intervals are drained but kept out of both.
     */
    public LatencyStats rollInterval(long startTimeStampMsec, long endTimeStampMsec, boolean measured) {
        return rollInterval(startTimeStampMsec, endTimeStampMsec, measured, null);
    }

    /**
     * As {@link #rollInterval(long, long, boolean)}, with {@code extra} (the same interval recorded elsewhere: a driver
     * process's histogram, or null) added to the recorder's interval first: exact, as both have kbench's shape.
     */
    public LatencyStats rollInterval(long startTimeStampMsec, long endTimeStampMsec, boolean measured, Histogram extra) {
        interval = recorder.takeInterval(interval);
        if (extra != null) {
            interval.add(extra);
        }
        return addInterval(interval, startTimeStampMsec, endTimeStampMsec, measured);
    }

    /**
     * The histogram of the interval {@link #rollInterval} closed last (null before the first), valid until the next
     * roll: a distributed worker encodes it for the coordinator.
     */
    public Histogram lastInterval() {
        return interval;
    }

    /**
     * Closes an interval recorded elsewhere: {@code merged} is the exact sum of the workers' interval histograms
     * (a distributed run's coordinator records nothing itself). Counted into the total and the log as a local interval.
     */
    public LatencyStats addInterval(Histogram merged, long startTimeStampMsec, long endTimeStampMsec, boolean measured) {
        if (measured) {
            total.add(merged);
            if (log != null) {
                log.append(merged, startTimeStampMsec, endTimeStampMsec);
            }
        }
        return stats(merged);
    }

    public LatencyStats totalStats() {
        return stats(total);
    }

    @Override
    public void close() {
        if (log != null) {
            log.close();
        }
    }

    /** Reads the percentiles of {@code h}, whose values are microseconds (also for histograms read from .hlog files). */
    public static LatencyStats stats(Histogram h) {
        if (h.getTotalCount() == 0) {
            return LatencyStats.EMPTY;
        }
        return new LatencyStats(h.getTotalCount(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(95), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue(), h.getMean());
    }
}
