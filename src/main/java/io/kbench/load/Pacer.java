package io.kbench.load;

import java.util.concurrent.locks.LockSupport;

/** Waits until an intended send time: parks for long waits, spins for the last stretch. */
public final class Pacer {
    /** Park granularity on Linux is ~50-60 us; below this, spinning keeps the schedule accurate. */
    private static final long SPIN_THRESHOLD_NANOS = 80_000;
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
     * Returns the time at which the wait ended: at or after {@code deadlineNanos}, or now if already late; before
     * {@code deadlineNanos} only once {@link #cancel} was called.
     */
    public long awaitUntil(long deadlineNanos) {
        long now = clock.nanoTime();
        while (now < deadlineNanos) {
            long remaining = deadlineNanos - now;
            if (remaining > SPIN_THRESHOLD_NANOS) {
                // Only read before a park: the per-record path (no wait, or a short spin) stays as it was.
                if (cancelled) {
                    return now;
                }
                sleeper.sleepNanos(Math.min(remaining - SPIN_THRESHOLD_NANOS / 2, MAX_PARK_NANOS));
            } else {
                Thread.onSpinWait();
            }
            now = clock.nanoTime();
        }
        return now;
    }

    /** Ends the current and every later wait early (within one park); used when the run is stopped. */
    public void cancel() {
        cancelled = true;
    }
}
