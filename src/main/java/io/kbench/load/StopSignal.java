package io.kbench.load;

import io.kbench.error.RunFailedException;
import java.time.Duration;
import java.util.List;

/**
 * A run's stop request (Ctrl-C) and the thread handling every part of the run shares: starting worker threads and
 * waiting for them, never past the stop deadline, so a worker stuck on a broker that is gone cannot hold back the result.
 */
final class StopSignal {
    private final NanoClock clock;
    private volatile boolean requested;
    private volatile long deadlineNanos = Long.MAX_VALUE;

    StopSignal(NanoClock clock) {
        this.clock = clock;
    }

    /** Requests the stop; waits end {@code grace} from now. Safe from any thread. */
    void request(Duration grace) {
        deadlineNanos = clock.nanoTime() + grace.toNanos();
        requested = true;
    }

    boolean requested() {
        return requested;
    }

    /**
     * Waits for the threads until {@code untilNanos}, or the stop deadline once a stop was requested: a worker
     * stuck on a broker that is gone is left behind (its client times out on its own) rather than waited for.
     */
    void join(List<Thread> threads, long untilNanos) {
        for (Thread t : threads) {
            try {
                while (t.isAlive()) {
                    long now = clock.nanoTime();
                    if (now > untilNanos || now > deadlineNanos) {
                        return;
                    }
                    t.join(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Waits for the threads for at most {@code timeout} from now (and never past the stop deadline). */
    void join(List<Thread> threads, Duration timeout) {
        join(threads, clock.nanoTime() + timeout.toNanos());
    }

    static Thread start(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.start();
        return t;
    }

    static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted", e);
        }
    }
}
