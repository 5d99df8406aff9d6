package io.kbench.load;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until an intended send time by parking, never spinning. A park overshoots by the OS timer's slack (about
 * 50-60 us on Linux), so above some 15,000 records/s per thread one wake-up finds several records due and the caller
 * sends them back to back. That costs no accuracy in what kbench reports: latency is measured from the intended send
 * time, so a record sent late already carries the delay, and the delay itself is recorded as send delay. Spinning for
 * the last stretch instead would burn a core per producer thread at high rates for an exactness nothing reads.
 *
 * <p>The producers park for at least {@link #WAKE_UP_NANOS} (1 ms) at a time, whatever the rate: each wake-up is a
 * futex, a timer and two context switches, and at 5,000 records/s a wake-up per record cost more CPU than the sends
 * (measured in docs/benchmarks.md). A record is then sent up to about 1 ms after its intended time, recorded as send
 * delay and inside publish latency as before; kafka-producer-perf-test's throttler sleeps in steps of at least 2 ms.
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

    /** The producers' shortest park: one wake-up sends every record due by then (above). */
    public static final long WAKE_UP_NANOS = 1_000_000;

    private final NanoClock clock;
    private final Sleeper sleeper;
    private final long minParkNanos;
    private volatile boolean cancelled;

    /** Parks for exactly the time left (a real park then overshoots by the timer's slack). */
    public Pacer(NanoClock clock, Sleeper sleeper) {
        this(clock, sleeper, 0);
    }

    /** Parks for the time left but at least {@code minParkNanos}, so one wake-up serves every record due by then. */
    public Pacer(NanoClock clock, Sleeper sleeper, long minParkNanos) {
        if (minParkNanos < 0 || minParkNanos > MAX_PARK_NANOS) {
            throw new IllegalArgumentException("minParkNanos must be 0.." + MAX_PARK_NANOS + ": " + minParkNanos);
        }
        this.clock = clock;
        this.sleeper = sleeper;
        this.minParkNanos = minParkNanos;
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
            sleeper.sleepNanos(Math.min(Math.max(deadlineNanos - now, minParkNanos), MAX_PARK_NANOS));
            now = clock.nanoTime();
        }
        return now;
    }

    /** Ends the current and every later wait early (within one park); used when the run is stopped. */
    public void cancel() {
        cancelled = true;
    }
}
