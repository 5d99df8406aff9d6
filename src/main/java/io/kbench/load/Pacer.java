package io.kbench.load;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until an intended send time by parking, never spinning. A park overshoots by the OS timer's slack (about
 * 50-60 us on Linux), so above some 15,000 records/s per thread one wake-up finds several records due and the caller
 * sends them back to back. That costs no accuracy in what kbench reports: latency is measured from the intended send
 * time, so a record sent late already carries the delay, and the delay itself is recorded as send delay. Spinning for
 * the last stretch instead would burn a core per producer thread at high rates for an exactness nothing reads.
 */
public final class Pacer {
    /** Longest single park, so that {@link #cancel} ends even a long wait (a low rate) within this. */
    private static final long MAX_PARK_NANOS = 50_000_000;

    /** Sleeps for a while; the real one parks the thread, a test one advances a fake clock. */
    @FunctionalInterface
    public interface Sleeper {
        Sleeper PARK = LockSupport::parkNanos;

        void sleepNanos(long nanos);
    }

    private final NanoClock clock;
    private final Sleeper sleeper;
    private volatile boolean cancelled;

    public Pacer(NanoClock clock, Sleeper sleeper) {
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /**
     * Returns the time at which the wait ended: at or after {@code deadlineNanos}, or now if already due (then without
     * parking, so a backlog is sent at once); before {@code deadlineNanos} only once {@link #cancel} was called.
     */
    public long awaitUntil(long deadlineNanos) {
        long now = clock.nanoTime();
        while (now < deadlineNanos) {
            // Only read before a park: a record already due costs one clock read and nothing else.
            if (cancelled) {
                return now;
            }
            sleeper.sleepNanos(Math.min(deadlineNanos - now, MAX_PARK_NANOS));
            now = clock.nanoTime();
        }
        return now;
    }

    /** Ends the current and every later wait early (within one park); used when the run is stopped. */
    public void cancel() {
        cancelled = true;
    }
}
