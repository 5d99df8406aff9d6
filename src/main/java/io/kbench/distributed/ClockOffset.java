package io.kbench.distributed;

import io.kbench.load.NanoClock;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * This process's clock against the cluster's: the offset (local minus cluster) and a bound on its error, estimated
 * from records written to a LogAppendTime topic. The broker stamps each record with its clock in whole
 * milliseconds somewhere between our send and our acknowledgement, so every probe confines the offset to an
 * interval [sent - (ts + 1 ms), acked - ts]; the intersection of the probes' intervals is the estimate: its middle
 * is the offset, its half-width the bound ("± 0.4 ms"). Nothing here assumes symmetric network delays.
 *
 * @param offsetNanos local epoch time minus cluster epoch time
 * @param boundNanos  the true offset lies within offsetNanos ± boundNanos
 */
record ClockOffset(long offsetNanos, long boundNanos) {
    /** Probes per estimate: a few round trips narrow the interval; the first warms up the connection. */
    static final int PROBES = 12;
    private static final long MILLI = 1_000_000L;
    /** This process's epoch time in nanoseconds, read once and carried forward by the monotonic clock. */
    private static final long EPOCH_BASE_NANOS;
    private static final long MONOTONIC_BASE_NANOS;

    static {
        Instant now = Instant.now();
        MONOTONIC_BASE_NANOS = System.nanoTime();
        EPOCH_BASE_NANOS = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Local epoch nanoseconds at monotonic time {@code nanoTime}. */
    static long localEpochNanos(long nanoTime) {
        return EPOCH_BASE_NANOS + (nanoTime - MONOTONIC_BASE_NANOS);
    }

    /**
     * Estimates the offset with {@code probe}, which writes one record and returns its LogAppendTime in milliseconds.
     * Probes whose interval does not overlap the others' (a clock step in between) are left out.
     */
    static ClockOffset estimate(LongSupplier probe) {
        probe.getAsLong();
        long low = Long.MIN_VALUE;
        long high = Long.MAX_VALUE;
        ClockOffset narrowest = null;
        for (int i = 0; i < PROBES; i++) {
            long sent = localEpochNanos(System.nanoTime());
            long appendMillis = probe.getAsLong();
            long acked = localEpochNanos(System.nanoTime());
            long probeLow = sent - (appendMillis + 1) * MILLI;
            long probeHigh = acked - appendMillis * MILLI;
            ClockOffset single = fromInterval(probeLow, probeHigh);
            if (narrowest == null || single.boundNanos < narrowest.boundNanos) {
                narrowest = single;
            }
            if (Math.max(low, probeLow) <= Math.min(high, probeHigh)) {
                low = Math.max(low, probeLow);
                high = Math.min(high, probeHigh);
            }
        }
        return low == Long.MIN_VALUE ? narrowest : fromInterval(low, high);
    }

    static ClockOffset fromInterval(long low, long high) {
        return new ClockOffset(low + (high - low) / 2, (high - low + 1) / 2);
    }

    /** The cluster's clock as seen from here: monotonic, in cluster epoch nanoseconds. */
    NanoClock clusterClock() {
        long shift = EPOCH_BASE_NANOS - MONOTONIC_BASE_NANOS - offsetNanos;
        return () -> System.nanoTime() + shift;
    }

    double offsetMicros() {
        return offsetNanos / 1000.0;
    }

    double boundMicros() {
        return boundNanos / 1000.0;
    }
}
