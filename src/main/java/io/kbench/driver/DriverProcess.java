package io.kbench.driver;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.spec.ClientKind;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One running driver, by the contract's process rules (docs/drivers.md, "Process"): the slice on its standard input,
 * then control lines; its events read from standard output (each line bounded, {@link ContractJson#MAX_LINE_CHARS});
 * its standard error to a log file. It is released on every path: {@link #close()} sends SIGTERM (the driver's stop
 * with a grace) and kills it 3 s later; a shutdown hook does the same if kbench exits without closing; and if kbench
 * dies the driver reads the end of its standard input and exits by itself.
 *
 * <p>It fails, with one line naming the driver, its pid and its log, when it exits before {@code done}, exits non-zero
 * after a {@code done} that did not say failed, or writes a line kbench cannot read (then it is killed at once).
 */
public final class DriverProcess implements AutoCloseable {
    /** How long a driver has after SIGTERM (its stop with a grace) before it is killed. */
    static final Duration TERM_GRACE = Duration.ofSeconds(3);
    /** Ready's clock reading may lie this far outside kbench's readings around the round trip (scheduling). */
    private static final long CLOCK_SLACK_NANOS = 50_000_000L;
    private static final Object END = new Object();

    private final String name;
    private final Process process;
    private final OutputStream stdin;
    private final Path log;
    private final long clockOffsetNanos;
    private final long startedNanos;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Thread reader;
    private final Thread hook;
    private volatile String failure;
    private volatile boolean done;
    private boolean closed;

    private DriverProcess(String name, Process process, Path log, long clockOffsetNanos, long startedNanos) {
        this.name = name;
        this.process = process;
        this.stdin = process.getOutputStream();
        this.log = log;
        this.clockOffsetNanos = clockOffsetNanos;
        this.startedNanos = startedNanos;
        this.reader = new Thread(this::read, "kbench-driver-events-" + process.pid());
        this.reader.setDaemon(true);
        this.hook = new Thread(this::terminate, "kbench-driver-release-" + process.pid());
    }

    /** Starts {@code binary run} with {@code slice} on its standard input and its standard error in {@code log}. */
    public static DriverProcess start(DriverBinary binary, DriverSlice slice, Path log) {
        return start(binary.executable(), binary.client(), slice, log);
    }

    /** As {@link #start(DriverBinary, DriverSlice, Path)} for any executable that speaks the contract. */
    public static DriverProcess start(Path executable, ClientKind client, DriverSlice slice, Path log) {
        long started = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(executable.toString(), "run").redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new RunFailedException("driver " + client.text() + " (" + executable + ") cannot be started: " + e.getMessage(), e);
        }
        String name = "driver " + client.text() + " (" + slice.role().text() + range(slice) + ", pid " + process.pid() + ")";
        DriverProcess driver = new DriverProcess(name, process, log, slice.clockOffsetNanos(), started);
        Runtime.getRuntime().addShutdownHook(driver.hook);
        driver.reader.start();
        driver.write(slice.toJson());
        return driver;
    }

    private static String range(DriverSlice slice) {
        int first = slice.producers() != null ? slice.producers().first() : slice.consumers().first();
        int count = slice.producers() != null ? slice.producers().count() : slice.consumers().count();
        return " " + first + (count > 1 ? "-" + (first + count - 1) : "");
    }

    public long pid() {
        return process.pid();
    }

    /** {@code driver franz-go (producers 0-1, pid 4711)}: how messages name it. */
    public String name() {
        return name;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** The failure, once there is one. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /**
     * The {@code ready} event, within {@code timeout}; its clock reading must lie between kbench's readings before the
     * start and now (the driver's clock is CLOCK_MONOTONIC plus the slice's offset, as the JVM's System.nanoTime).
     */
    public DriverEvent.Ready awaitReady(Duration timeout) {
        DriverEvent first = next(timeout);
        if (first == null) {
            throw fail(name + " did not say ready within " + timeout.toSeconds() + " s; see " + log);
        }
        if (!(first instanceof DriverEvent.Ready ready)) {
            throw fail(name + " wrote " + first.getClass().getSimpleName() + " before ready; see " + log);
        }
        long now = System.nanoTime();
        long reading = ready.nanos() - clockOffsetNanos;
        if (reading < startedNanos - CLOCK_SLACK_NANOS || reading > now + CLOCK_SLACK_NANOS) {
            throw fail(name + " reads a clock " + (reading - now) / 1_000_000 + " ms off kbench's: its clock is not"
                    + " CLOCK_MONOTONIC (docs/drivers.md#the-clock)");
        }
        return ready;
    }

    /**
     * The next event, or null when none came within {@code timeout}; the failure (a {@link RunFailedException}) once
     * every event before it was taken.
     */
    public DriverEvent next(Duration timeout) {
        Object e;
        try {
            e = events.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new RunFailedException(name + ": interrupted while waiting for its events");
        }
        if (e == END) {
            events.add(END); // every later call ends the same way
            throw new RunFailedException(failure != null ? failure : name + " ended");
        }
        return (DriverEvent) e;
    }

    /** Writes a control line; a driver that is gone is the run's failure. */
    public void send(DriverControl control) {
        write(control.line());
    }

    /** Waits at most {@code timeout} for the process to exit; its exit status, or empty while it runs. */
    public Optional<Integer> awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS) ? Optional.of(process.exitValue()) : Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Ends the driver if it still runs (SIGTERM, then SIGKILL after {@link #TERM_GRACE}), closes its standard input
     * and waits for the event reader. Safe to call twice.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        terminate();
        closeInput();
        try {
            reader.join(TimeUnit.SECONDS.toMillis(5));
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalStateException e) {
            // the JVM is shutting down and runs the hook itself
        }
    }

    private void terminate() {
        if (!process.isAlive()) {
            return;
        }
        // SIGTERM through the handle: Process.destroy would also close the pipes, and the driver would take the end of
        // its input for kbench's death and exit without its stop's grace.
        process.toHandle().destroy();
        if (awaitExit(TERM_GRACE).isEmpty()) {
            killAll();
            awaitExit(Duration.ofSeconds(5));
        }
    }

    /** The driver and anything it started: a child left holding the event pipe would outlive the run. */
    private void killAll() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Closes the driver's standard input, as kbench's death would: the contract says it then exits by itself. */
    void closeInput() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already gone
        }
    }

    private void write(String line) {
        try {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw fail(failure != null ? failure : name + " no longer reads its standard input (" + e.getMessage()
                    + "); see " + log);
        }
    }

    /** Reads the events until the driver closes its standard output, then judges how it ended. */
    private void read() {
        BoundedLines lines = new BoundedLines(process.getInputStream(), ContractJson.MAX_LINE_CHARS);
        DriverEvent.Done last = null;
        boolean first = true;
        try {
            for (String line = lines.next(); line != null; line = lines.next()) {
                DriverEvent event = DriverEvent.parse(line, name);
                if (first != (event instanceof DriverEvent.Ready) || done) {
                    kill(name + " wrote " + type(event) + (done ? " after done" : first ? " before ready" : " twice")
                            + "; see " + log);
                    return;
                }
                first = false;
                if (event instanceof DriverEvent.Done d) {
                    done = true;
                    last = d;
                }
                events.add(event);
            }
            int status = process.waitFor();
            if (last == null) {
                failure = name + " " + exitText(status) + " before done; see " + log;
            } else if (last.status() == DriverEvent.Status.FAILED) {
                failure = name + " failed: " + last.failure() + "; see " + log;
            } else if (status != 0) {
                failure = name + " " + exitText(status) + " after done; see " + log;
            }
        } catch (BoundedLines.TooLongException e) {
            kill(name + " wrote " + e.getMessage() + " (the contract's limit); see " + log);
        } catch (InvalidInputException e) {
            kill(name + " wrote a line kbench cannot read: " + e.getMessage());
        } catch (IOException e) {
            kill(name + ": its standard output failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                process.getInputStream().close();
            } catch (IOException e) {
                // nothing more to read either way
            }
            events.add(END);
        }
    }

    private void kill(String why) {
        failure = why;
        killAll();
    }

    private RunFailedException fail(String why) {
        if (failure == null) {
            failure = why;
        }
        killAll();
        return new RunFailedException(why);
    }

    private static String type(DriverEvent event) {
        return event instanceof DriverEvent.Ready ? "ready" : event instanceof DriverEvent.Done ? "done"
                : event instanceof DriverInterval ? "an interval" : event.getClass().getSimpleName();
    }

    /** Java reports a process ended by signal n as status 128 + n. */
    static String exitText(int status) {
        return status > 128 && status < 128 + 65 ? "was killed by signal " + (status - 128) : "exited with status " + status;
    }
}
