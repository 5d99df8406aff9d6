package io.kbench.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.Recorder;

/**
 * Wait-free latency recording in microseconds from many threads, read out per interval.
 * Values beyond one hour are clamped (and counted) rather than thrown away.
 */
public final class LatencyRecorder {
    /** One hour: a send that takes longer is a stall to report, not a latency to resolve finely. */
    public static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(1, HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);

    /** Records one latency; negative values (clock misuse) are recorded as zero. */
    public void recordMicros(long latencyMicros) {
        long v = latencyMicros < 0 ? 0 : Math.min(latencyMicros, HIGHEST_TRACKABLE_MICROS);
        recorder.recordValue(v);
    }

    /**
     * Records every value of {@code latencies} (microseconds) with its count: a driver process's histogram of records
     * it measured itself, added as if recorded here.
     */
    public void add(Histogram latencies) {
        for (HistogramIterationValue v : latencies.recordedValues()) {
            long value = Math.min(v.getValueIteratedTo(), HIGHEST_TRACKABLE_MICROS);
            recorder.recordValueWithCount(value, v.getCountAtValueIteratedTo());
        }
    }

    /**
     * Swaps out everything recorded since the last call. {@code reuse} must be null or the histogram this
     * recorder returned last time (HdrHistogram's rule), which is then recycled instead of allocating.
     */
    public Histogram takeInterval(Histogram reuse) {
        return reuse == null ? recorder.getIntervalHistogram() : recorder.getIntervalHistogram(reuse);
    }

    /** An empty histogram with the same range, for accumulating totals. */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }
}
