package io.kbench.cluster;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Stops processes the polite way first: SIGTERM to all, a grace period, then SIGKILL to whoever is left. */
final class ProcessStopper {
    /** How long brokers get for a controlled shutdown before they are killed. */
    static final Duration DEFAULT_GRACE = Duration.ofSeconds(20);
    /**
     * How long the brokers of a cluster whose data is deleted right after get: a controlled shutdown keeps nothing
     * there, and a KRaft quorum leader waits a fixed 5 s for a successor while every voter is stopping at once (Kafka's
     * KafkaRaftClientDriver), which every multi-broker run would pay. A second still lets each broker log the SIGTERM.
     */
    static final Duration DISPOSABLE_GRACE = Duration.ofSeconds(1);

    private ProcessStopper() {
    }

    /** Stops every process and returns once all are gone (or could not be killed). */
    static void stop(List<ProcessHandle> processes, Duration grace) {
        // Signalling all at once lets the brokers shut down in parallel instead of one grace period each.
        for (ProcessHandle p : processes) {
            p.destroy();
        }
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle p : processes) {
            awaitExit(p, Math.max(0, deadline - System.nanoTime()));
        }
        for (ProcessHandle p : processes) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : processes) {
            awaitExit(p, TimeUnit.SECONDS.toNanos(10));
        }
    }

    /**
     * Waits for {@code p} to exit, up to {@code nanos}, through interrupts: a caller deletes the data dir or releases
     * the mounts next, which must not happen under a live broker. The interrupt is restored for the caller.
     */
    private static void awaitExit(ProcessHandle p, long nanos) {
        CompletableFuture<ProcessHandle> exit = p.onExit();
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    exit.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return;
                } catch (TimeoutException | ExecutionException e) {
                    // Still alive; the caller escalates.
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
