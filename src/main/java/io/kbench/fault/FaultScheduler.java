package io.kbench.fault;

import io.kbench.spec.FaultSpec;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Fires faults on the run's clock from its own thread: waits for the measured window to start, then starts and ends
 * each fault at its offset. {@link #close} stops it wherever it is; faults not reached by then do not fire.
 */
final class FaultScheduler implements AutoCloseable {
    /** How often the start of the measured window is looked for. */
    static final long POLL_NANOS = 10_000_000;

    /** What firing an event does. */
    interface Handler {
        /** Fault {@code index} starts; {@code nanos} is the clock when it fires. */
        void start(int index, long nanos);

        /** Fault {@code index} ends (restart, resume). */
        void end(int index, long nanos);
    }

    private final List<FaultEvent> events;
    private final FaultClock clock;
    private final LongSupplier measuredStartNanos;
    private final Handler handler;
    private final Thread thread;
    private volatile boolean stopped;
    /** Set while a handler runs, so that close does not interrupt a broker operation half-way. */
    private volatile boolean firing;

    /** {@code measuredStartNanos} answers Long.MAX_VALUE until the measured window has started. */
    FaultScheduler(List<FaultSpec> faults, FaultClock clock, LongSupplier measuredStartNanos, Handler handler) {
        this.events = FaultEvent.plan(faults);
        this.clock = clock;
        this.measuredStartNanos = measuredStartNanos;
        this.handler = handler;
        this.thread = new Thread(this::runQuietly, "kbench-faults");
        thread.setDaemon(true);
    }

    FaultScheduler start() {
        thread.start();
        return this;
    }

    /** Runs the schedule on the calling thread (tests); returns when every event fired or the scheduler stopped. */
    void run() throws InterruptedException {
        long zero;
        while ((zero = measuredStartNanos.getAsLong()) == Long.MAX_VALUE) {
            if (stopped) {
                return;
            }
            clock.sleepUntil(clock.nanoTime() + POLL_NANOS);
        }
        for (FaultEvent e : events) {
            long due = zero + e.offsetNanos();
            while (!stopped && clock.nanoTime() < due) {
                clock.sleepUntil(due);
            }
            firing = true;
            // Volatile write, then read: either close sees firing and does not interrupt, or this sees stopped.
            if (stopped) {
                return;
            }
            if (e.start()) {
                handler.start(e.index(), clock.nanoTime());
            } else {
                handler.end(e.index(), clock.nanoTime());
            }
            firing = false;
        }
    }

    private void runQuietly() {
        try {
            run();
        } catch (InterruptedException e) {
            // Stopped by close.
        }
    }

    /** Stops the schedule and waits for an event being fired to finish (a restart may take a grace period). */
    @Override
    public void close() {
        stopped = true;
        if (!firing) {
            thread.interrupt();
        }
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
