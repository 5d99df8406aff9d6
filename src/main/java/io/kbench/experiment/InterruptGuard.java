package io.kbench.experiment;

import io.kbench.error.ExitCode;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM while a run measures and writes its result.
 *
 * <p>The JVM's own reaction to these signals is to start shutting down at once: every shutdown hook runs
 * concurrently with the run, so the cluster's hook stopped the brokers while producers still waited for their acks,
 * and the JVM halted whenever the hooks were done, with or without result.json. While a guard is installed the first
 * signal only asks the run to stop, and the run ends the ordinary way: summary, result.json, brokers stopped, exit
 * 130. A second signal, or a stop still unfinished after {@link #DEADLINE}, exits at once through the shutdown hooks,
 * which still stop the brokers.
 */
final class InterruptGuard implements AutoCloseable {
    /** How long stopping the load and writing the result may take after the signal before kbench exits anyway. */
    static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final String[] SIGNALS = {"INT", "TERM"};

    private final PrintStream out;
    private final Runnable onInterrupt;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private final AtomicInteger received = new AtomicInteger();
    private volatile boolean closed;

    private InterruptGuard(PrintStream out, Runnable onInterrupt) {
        this.out = out;
        this.onInterrupt = onInterrupt;
    }

    /** Routes SIGINT and SIGTERM to {@code onInterrupt} until {@link #close}; {@code out} gets one line about it. */
    static InterruptGuard install(PrintStream out, Runnable onInterrupt) {
        InterruptGuard guard = new InterruptGuard(out, onInterrupt);
        for (String name : SIGNALS) {
            Signal signal = new Signal(name);
            try {
                guard.previous.put(signal, Signal.handle(signal, guard::handle));
            } catch (IllegalArgumentException reserved) {
                // The JVM keeps this signal (-Xrs): its default behaviour stays.
            }
        }
        return guard;
    }

    /** Whether a signal arrived while the guard was installed. */
    boolean interrupted() {
        return received.get() > 0;
    }

    /** Restores the JVM's handlers: from here on a signal exits at once again. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        previous.forEach(Signal::handle);
    }

    /** Runs on a thread the JVM starts for each signal. */
    private void handle(Signal signal) {
        if (received.incrementAndGet() > 1) {
            out.println("kbench: interrupted again: exiting now");
            out.flush();
            exit();
            return;
        }
        out.printf(Locale.ROOT, "kbench: interrupted (SIG%s): stopping the load; the summary and result.json keep what"
                + " was measured so far (Ctrl-C again exits at once)%n", signal.getName());
        out.flush();
        onInterrupt.run();
        Thread deadline = new Thread(this::exitAfterDeadline, "kbench-interrupt-deadline");
        deadline.setDaemon(true);
        deadline.start();
    }

    private void exitAfterDeadline() {
        try {
            Thread.sleep(DEADLINE.toMillis());
        } catch (InterruptedException e) {
            return;
        }
        if (!closed) {
            out.printf(Locale.ROOT, "kbench: still stopping %d s after the interrupt: exiting now%n", DEADLINE.toSeconds());
            out.flush();
            exit();
        }
    }

    /** System.exit runs the shutdown hooks, and the embedded cluster's hook stops the brokers. */
    private static void exit() {
        System.exit(ExitCode.INTERRUPTED.code());
    }
}
