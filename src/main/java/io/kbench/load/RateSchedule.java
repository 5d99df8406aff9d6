package io.kbench.load;

/**
 * Intended send times fixed in advance: record {@code i} is due at {@code start + offset + i / rate}.
 * Latency is measured from these times, so a stall is charged to every record it delayed
 * (coordinated omission handled) instead of silently thinning the sample.
 */
public final class RateSchedule implements SendSchedule {
    private final long firstSendNanos;
    private final double periodNanos;

    /**
     * @param recordsPerSec rate of this schedule (one producer thread's share)
     * @param startNanos    common start of all threads
     * @param phase         0..1: this thread's offset within one period, so threads do not send in lockstep
     */
    public RateSchedule(double recordsPerSec, long startNanos, double phase) {
        if (!(recordsPerSec > 0) || Double.isInfinite(recordsPerSec)) {
            throw new IllegalArgumentException("recordsPerSec must be positive (got " + recordsPerSec + ")");
        }
        if (!(phase >= 0 && phase < 1)) {
            throw new IllegalArgumentException("phase must be in [0, 1) (got " + phase + ")");
        }
        this.periodNanos = 1e9 / recordsPerSec;
        this.firstSendNanos = startNanos + Math.round(phase * periodNanos);
    }

    /** When record {@code index} (0-based) should be sent; a constant rate never ends. */
    @Override
    public long intendedSendNanos(long index) {
        return firstSendNanos + (long) (index * periodNanos);
    }

    public double periodNanos() {
        return periodNanos;
    }
}
