package io.kbench.load;

import java.util.concurrent.locks.LockSupport;

/** Waits until an intended send time: parks for long waits, spins for the last stretch. */
public final class Pacer {
    /** Park granularity on Linux is ~50-60 us; below this, spinning keeps the schedule accurate. */
    private static final long SPIN_THRESHOLD_NANOS = 80_000;

    /** Sleeps for a while; the real one parks the thread, a test one advances a fake clock. */
    @FunctionalInterface
    public interface Sleeper {
        Sleeper PARK = LockSupport::parkNanos;

        void sleepNanos(long nanos);
    }

    private final NanoClock clock;
    private final Sleeper sleeper;

    public Pacer(NanoClock clock, Sleeper sleeper) {
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** Returns the time at which the wait ended: at or after {@code deadlineNanos}, or now if already late. */
    public long awaitUntil(long deadlineNanos) {
        long now = clock.nanoTime();
        while (now < deadlineNanos) {
            long remaining = deadlineNanos - now;
            if (remaining > SPIN_THRESHOLD_NANOS) {
                sleeper.sleepNanos(remaining - SPIN_THRESHOLD_NANOS / 2);
            } else {
                Thread.onSpinWait();
            }
            now = clock.nanoTime();
        }
        return now;
    }
}
