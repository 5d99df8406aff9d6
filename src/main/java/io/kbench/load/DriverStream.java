package io.kbench.load;

import io.kbench.driver.DriverControl;
import io.kbench.driver.DriverEvent;
import io.kbench.driver.DriverInterval;
import io.kbench.driver.DriverProcess;
import io.kbench.driver.DriverRole;
import io.kbench.driver.DriverSlice;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.measure.ErrorCounts;
import io.kbench.measure.IntervalContribution;
import io.kbench.measure.IntervalContributor;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.RunMetrics;
import io.kbench.spec.ClientKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * One running driver's events merged into the run (docs/drivers.md, "Events"): each interval's counts and errors go
 * into {@link RunMetrics}' counters as the line arrives, and its histograms wait for {@code IntervalReporter} to take
 * them into the same interval of its own ({@link IntervalContributor}), so a driver's records reach the progress line,
 * the .hlog files and result.json through the path the Java client's do. Per interval, never per record.
 *
 * <p>{@link #follow} is the side's thread: it ends with the driver's {@code done} (then the process must exit 0), or
 * with its failure: an exit before {@code done}, a line kbench cannot read, or no event for {@link #STALL_INTERVALS}
 * intervals plus {@link #STALL_SLACK} after the start (a stall: the process is then killed).
 */
final class DriverStream implements IntervalContributor {
    /** Start-up, first contact with the cluster and, for consumers, nothing more: their group join comes after. */
    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    static final int STALL_INTERVALS = 3;
    /** Room for a 2-core machine under load, where a driver's ticker may be descheduled for seconds. */
    static final Duration STALL_SLACK = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration EXIT_WAIT = Duration.ofSeconds(10);

    private final DriverProcess process;
    private final DriverRole role;
    private final RunMetrics metrics;
    private final DriverEvent.Ready ready;
    private final long stallNanos;
    private final Object lock = new Object();
    /** Intervals read and not yet taken by the reporter, in index order; guarded by {@link #lock}. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private int lastArrived = -1;
    private boolean ended;
    private final AtomicBoolean stopSent = new AtomicBoolean();
    private volatile Consumer<Histogram> warmupPublish = h -> { };
    private volatile long startedNanos = Long.MIN_VALUE;
    private volatile long lastEventNanos = Long.MIN_VALUE;
    private volatile String failure;
    /**
     * Told once when the driver fails (guarded by {@link #lock}): the other side stops instead of running on. Null until
     * registered: a failure before that stays untold, and registering runs it.
     */
    private Runnable onFailure;
    private boolean failureTold;
    private volatile DriverEvent.Done done;
    private volatile int assigned;
    private volatile long firstMeasuredSendNanos = Long.MAX_VALUE;
    private volatile long lastMeasuredAckNanos = Long.MIN_VALUE;
    private volatile long firstRecordNanos = Long.MAX_VALUE;
    private volatile long lastRecordNanos = Long.MIN_VALUE;
    /** The process's CPU from each interval line: what its side cost over the measured window. */
    private final CpuTrace cpu = new CpuTrace();

    /** An interval's histograms for the reporter, and its warm-up acknowledgements for an auto warm-up. */
    private record Pending(IntervalContribution contribution, Histogram warmupPublish) { }

    private DriverStream(DriverProcess process, DriverSlice slice, RunMetrics metrics, DriverEvent.Ready ready) {
        this.process = process;
        this.role = slice.role();
        this.metrics = metrics;
        this.ready = ready;
        this.stallNanos = STALL_INTERVALS * slice.intervalNanos() + STALL_SLACK.toNanos();
    }

    /**
     * Starts {@code client}'s driver with {@code slice} and waits for its {@code ready}; its standard error goes to
     * {@code <role>.log} in the launch's log directory. A driver that refuses the slice or does not get ready fails
     * the run naming it, and is released.
     */
    static DriverStream launch(DriverLaunch launch, ClientKind client, DriverSlice slice, RunMetrics metrics) {
        Path log = launch.logDir().resolve(slice.role().text() + ".log");
        try {
            Files.createDirectories(launch.logDir());
        } catch (IOException e) {
            throw new UncheckedIOException("driver log directory " + launch.logDir(), e);
        }
        DriverProcess process = DriverProcess.start(launch.binaries().apply(client), slice, log);
        try {
            return new DriverStream(process, slice, metrics, process.awaitReady(READY_TIMEOUT));
        } catch (RunFailedException e) {
            process.close();
            throw new RunFailedException(e.getMessage() + said(log), e);
        } catch (RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /** A driver that refuses its slice says why in one line on its standard error: repeated in kbench's message. */
    private static String said(Path log) {
        try {
            return Files.readAllLines(log).stream().filter(l -> !l.isBlank()).reduce((a, b) -> b)
                    .map(line -> " (it said: " + line.strip() + ")").orElse("");
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /** What the driver said of itself when it got ready (client, its library's version, pid). */
    DriverEvent.Ready ready() {
        return ready;
    }

    /** Where an auto warm-up hears each interval's warm-up acknowledgements (taken with the interval). */
    void warmupTo(Consumer<Histogram> judge) {
        this.warmupPublish = judge;
    }

    /** Sends the common start; from now on a driver that falls silent is a stall. */
    void started(long startNanos) {
        send(DriverControl.start(startNanos));
        lastEventNanos = System.nanoTime();
        startedNanos = lastEventNanos;
    }

    /** Asks the driver to stop (once), giving in-flight records at most {@code graceMs}. */
    void stop(long graceMs) {
        if (stopSent.compareAndSet(false, true)) {
            send(DriverControl.stop(graceMs));
        }
    }

    /** A control line; a driver that is gone no longer reads, and its end is {@link #follow}'s to report. */
    void send(DriverControl control) {
        try {
            process.send(control);
        } catch (RunFailedException e) {
            // follow() reads the driver's end and makes it the failure
        }
    }

    /** Reads the driver's events until its {@code done} and exit, or its failure; the side's thread. */
    void follow() {
        try {
            for (;;) {
                DriverEvent event = process.next(POLL);
                if (event == null) {
                    checkStall();
                    continue;
                }
                lastEventNanos = System.nanoTime();
                if (event instanceof DriverInterval interval) {
                    interval(interval);
                } else if (event instanceof DriverEvent.Assigned a) {
                    assigned = a.partitions();
                } else if (event instanceof DriverEvent.Done d) {
                    done = d;
                    awaitExit();
                    return;
                }
            }
        } catch (RunFailedException e) {
            failure = e.getMessage();
        } catch (InvalidInputException e) {
            failure = process.name() + " wrote a histogram kbench cannot read: " + e.getMessage();
            process.close();
        } finally {
            synchronized (lock) {
                ended = true;
                lock.notifyAll();
            }
            tellFailure();
        }
    }

    /**
     * Runs {@code action} once the driver has failed (at once if it already has): a consumer driver killed mid-run
     * stops the producers, so the run ends within seconds instead of sending on to its planned end.
     */
    void onFailure(Runnable action) {
        synchronized (lock) {
            onFailure = action;
        }
        tellFailure();
    }

    private void tellFailure() {
        Runnable action;
        synchronized (lock) {
            // No action yet: the failure stays untold, and onFailure runs it when it registers one.
            if (failure == null || failureTold || onFailure == null) {
                return;
            }
            failureTold = true;
            action = onFailure;
        }
        action.run();
    }

    private void checkStall() {
        long started = startedNanos;
        if (started != Long.MIN_VALUE && System.nanoTime() - lastEventNanos > stallNanos) {
            process.close();
            throw new RunFailedException(process.name() + " wrote no event for " + stallNanos / 1_000_000_000L
                    + " s after the start (it stalled) and was stopped");
        }
    }

    /** After {@code done}: the driver must exit 0 (DriverProcess judges the exit once its output ends). */
    private void awaitExit() {
        if (process.awaitExit(EXIT_WAIT).isEmpty()) {
            failure = process.name() + " did not exit within " + EXIT_WAIT.toSeconds() + " s after done";
            process.close();
            return;
        }
        try {
            while (process.next(EXIT_WAIT) != null) {
                // DriverProcess fails a line after done itself
            }
        } catch (RunFailedException end) {
            // the end of its events: the exit is judged
        }
        failure = process.failure().orElse(null);
    }

    private void interval(DriverInterval i) {
        DriverInterval.Counts c = i.counts();
        metrics.producedAll.add(c.producedRecords(), c.producedBytes());
        metrics.producedMeasured.add(c.producedMeasured(), c.producedMeasuredBytes());
        metrics.consumedAll.add(c.consumedRecords(), c.consumedBytes());
        metrics.consumedMeasured.add(c.consumedMeasured(), c.consumedMeasuredBytes());
        boolean producers = role == DriverRole.PRODUCERS;
        ErrorCounts measured = producers ? metrics.produceErrors : metrics.consumeErrors;
        ErrorCounts warmup = producers ? metrics.warmupProduceErrors : metrics.consumeErrors;
        i.errors().measured().forEach(measured::add);
        i.errors().warmup().forEach(warmup::add);
        // The driver reports each window "so far", over its whole slice.
        firstMeasuredSendNanos = i.firstMeasuredSendNanos() == null ? Long.MAX_VALUE : i.firstMeasuredSendNanos();
        lastMeasuredAckNanos = i.lastMeasuredAckNanos() == null ? Long.MIN_VALUE : i.lastMeasuredAckNanos();
        firstRecordNanos = i.firstRecordNanos() == null ? Long.MAX_VALUE : i.firstRecordNanos();
        lastRecordNanos = i.lastRecordNanos() == null ? Long.MIN_VALUE : i.lastRecordNanos();
        cpu.add(i.endNanos(), i.cpuNanos());
        DriverInterval.Histograms h = i.histograms();
        Map<LatencyMetric, Histogram> latencies = new EnumMap<>(LatencyMetric.class);
        latencies.put(LatencyMetric.PUBLISH, h.publishHistogram());
        latencies.put(LatencyMetric.SEND_DELAY, h.sendDelayHistogram());
        latencies.put(LatencyMetric.END_TO_END, h.endToEndHistogram());
        Pending p = new Pending(new IntervalContribution(i.index(), latencies), h.warmupPublishHistogram());
        synchronized (lock) {
            pending.add(p);
            lastArrived = Math.max(lastArrived, i.index());
            lock.notifyAll();
        }
    }

    @Override
    public List<IntervalContribution> take(int index, long deadlineNanos) {
        List<Pending> due = new ArrayList<>();
        synchronized (lock) {
            long left = deadlineNanos - System.nanoTime();
            while (!ended && lastArrived < index && left > 0) {
                try {
                    lock.wait(left / 1_000_000, (int) (left % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                left = deadlineNanos - System.nanoTime();
            }
            // Once the driver ended, its last (partial) interval closes with whichever interval kbench closes next.
            while (!pending.isEmpty() && (ended || pending.peek().contribution().index() <= index)) {
                due.add(pending.poll());
            }
        }
        List<IntervalContribution> taken = new ArrayList<>(due.size());
        for (Pending p : due) {
            warmupPublish.accept(p.warmupPublish());
            taken.add(p.contribution());
        }
        return taken;
    }

    /** The failure as one line naming the driver, or null. */
    String failure() {
        return failure;
    }

    /** The driver's last line once {@link #follow} has read it, else null. */
    DriverEvent.Done done() {
        return done;
    }

    /** The driver process's CPU as its interval lines said it. */
    CpuTrace cpu() {
        return cpu;
    }

    int assignedPartitions() {
        return assigned;
    }

    long firstMeasuredSendNanos() {
        return firstMeasuredSendNanos;
    }

    long lastMeasuredAckNanos() {
        return lastMeasuredAckNanos;
    }

    long firstRecordNanos() {
        return firstRecordNanos;
    }

    long lastRecordNanos() {
        return lastRecordNanos;
    }

    /** Ends the process if it still runs (SIGTERM, then SIGKILL) and waits for its reader; safe twice. */
    void close() {
        process.close();
    }
}
