package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetrySource;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one source on its own daemon thread, so a frozen broker (SIGSTOP, network gone) blocks only that thread: the
 * sampler waits for a sample up to a deadline, and while a read is still stuck no new one is started.
 */
final class SourceRunner {
    private final SampledSource source;
    private final ExecutorService thread;
    private Future<Sample> pending;
    /** Whether {@link #pending}'s sample was handed out by {@link #await}; false for one that finished late. */
    private boolean collected;
    private boolean opened;
    /** The open of a source that joined during the run, while it is attempted (see {@link #openInBackground}). */
    private Future<Object> opening;
    private boolean answered;
    private String problem;
    private boolean unresponsive;

    SourceRunner(SampledSource source) {
        this.source = source;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kbench-telemetry-" + source.id());
            t.setDaemon(true);
            return t;
        });
    }

    SampledSource source() {
        return source;
    }

    /** Opens the source within {@code timeout}; false (with {@link #problem()} set) if it cannot be read. */
    boolean open(Duration timeout) {
        Future<Object> f = thread.submit(this::openAndWarm);
        try {
            f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            opened = true;
        } catch (TimeoutException e) {
            f.cancel(true);
            problem = "no answer within " + timeout.toMillis() + " ms";
        } catch (ExecutionException e) {
            problem = message(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted";
        }
        return opened;
    }

    private Object openAndWarm() throws Exception {
        source.open();
        // A first read loads the remote stubs and classes, so the run's first samples are as quick as the rest; it
        // is also the baseline of the first interval's figures.
        source.sample(new Sample(source.id(), 0), System.nanoTime());
        return null;
    }

    /**
     * For a source that joined during the run (a broker an add-broker fault launched, whose JVM may still be starting):
     * takes the outcome of the last attempt to open it and starts another on its own thread if it failed; never
     * blocks. Called at every tick until {@link #opened()}.
     */
    void openInBackground() {
        if (opened) {
            return;
        }
        if (opening != null && opening.isDone()) {
            try {
                opening.get();
                opened = true;
                problem = null;
                return;
            } catch (ExecutionException e) {
                problem = message(e.getCause());
            } catch (CancellationException e) {
                problem = "cancelled";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (opening == null || opening.isDone()) {
            opening = thread.submit(this::openAndWarm);
        }
    }

    boolean opened() {
        return opened;
    }

    /** Starts a sample unless the previous one is still running; false if it is. */
    boolean start(double atSec) {
        if (!opened || (pending != null && !pending.isDone())) {
            return false;
        }
        collected = false;
        pending = thread.submit(() -> {
            Sample s = new Sample(source.id(), atSec);
            source.sample(s, System.nanoTime());
            return s;
        });
        return true;
    }

    /** The sample started last, waiting until {@code deadlineNanos}; null if it failed or is late. */
    Sample await(long deadlineNanos) {
        if (pending == null) {
            return null;
        }
        try {
            Sample s = pending.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            collected = true;
            answered = true;
            unresponsive = false;
            problem = null;
            return s;
        } catch (TimeoutException e) {
            return null;
        } catch (ExecutionException e) {
            problem = message(e.getCause());
            pending = null;
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * The sample that missed its deadline but has finished since, once; null if there is none. Its reading has moved
     * the source's baseline on (the next interval figures start from it), so what it saw between the last good reading
     * and its own (segment rolls, flushes, leader changes) is found only here. Call before {@link #start}.
     */
    Sample takeLate() {
        if (pending == null || collected || !pending.isDone()) {
            return null;
        }
        collected = true;
        try {
            return pending.get();
        } catch (ExecutionException | CancellationException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Whether the last sample is still running or failed; marks the source unresponsive. True on the first miss. */
    boolean missedFirstTime() {
        if (unresponsive) {
            return false;
        }
        unresponsive = true;
        return true;
    }

    String problem() {
        return problem;
    }

    /** The source as result.json lists it. */
    TelemetrySource describe() {
        boolean available = opened && answered;
        String reason = available ? null : problem != null ? problem : "never answered";
        return new TelemetrySource(source.id(), source.kind(), source.address(), available, reason);
    }

    /** Stops the thread; a read stuck on a frozen process is abandoned (daemon thread), never waited for. */
    void close() {
        thread.shutdownNow();
        Thread closer = new Thread(source::close, "kbench-telemetry-close-" + source.id());
        closer.setDaemon(true);
        closer.start();
    }

    private static String message(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage();
        return m == null || m.isBlank() ? root.getClass().getSimpleName() : root.getClass().getSimpleName() + ": " + m;
    }
}
