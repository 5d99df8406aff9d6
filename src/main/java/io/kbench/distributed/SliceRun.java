package io.kbench.distributed;

import io.kbench.client.ClientProperties;
import io.kbench.error.KbenchException;
import io.kbench.load.NanoClock;
import io.kbench.load.RunOutcome;
import io.kbench.load.SliceCoordination;
import io.kbench.load.SliceWindows;
import io.kbench.load.WorkerSlice;
import io.kbench.load.WorkloadRunner;
import io.kbench.measure.IntervalCounts;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunStatus;
import io.kbench.result.run.WorkerStatus;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * One worker's slice of one run, on its own thread: the load (a {@link WorkloadRunner} with a {@link WorkerSlice}),
 * heartbeats every {@link #HEARTBEAT}, each interval streamed as it closes, and the final report. The worker's poll
 * loop feeds it the coordinator's messages through {@link #control}.
 */
final class SliceRun implements SliceCoordination {
    static final Duration HEARTBEAT = Duration.ofMillis(500);
    /** How long a stopping worker waits for its slice to report. */
    static final Duration END_TIMEOUT = Duration.ofSeconds(20);

    private final Message.Assign assign;
    private final Message.Slice slice;
    private final String workerId;
    private final Channel channel;
    private final PrintStream out;
    private final NanoClock clock;
    private final AtomicInteger intervalIndex = new AtomicInteger();
    private final ScheduledExecutorService heartbeats;
    private final WorkloadRunner runner;
    private final Thread thread;
    private volatile long startNanos = Long.MIN_VALUE;
    private volatile boolean finish;
    private volatile boolean stopped;
    /** Why the slice was stopped before its end, one line; null unless {@link #stop} was called. */
    private volatile String stopReason;
    private volatile boolean producersFinished;
    private volatile boolean ended;
    private volatile long lastControlNanos = System.nanoTime();
    private volatile IntSupplier assigned = () -> 0;
    private volatile RunMetrics metrics;

    private SliceRun(Message.Assign assign, Message.Slice slice, String workerId, ClockOffset offset, Channel channel,
                        Map<String, String> dataConnection, PrintStream out) {
        this.assign = assign;
        this.slice = slice;
        this.workerId = workerId;
        this.channel = channel;
        this.out = out;
        this.clock = offset.clusterClock();
        WorkerSlice load = new WorkerSlice(slice.producerFirst(), slice.producerCount(), slice.consumerFirst(),
                slice.consumerCount(), assign.partitions(), assign.stampMagic(), clock, this, this::interval);
        this.runner = WorkloadRunner.slice(assign.workload(), new ClientProperties(dataConnection), assign.group(), out,
                load);
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kbench-worker-heartbeat");
            t.setDaemon(true);
            return t;
        });
        this.thread = new Thread(this::run, "kbench-worker-slice");
    }

    /** Starts the slice described by {@code s} of {@code assign}, with the clock estimate sent when joining. */
    static SliceRun start(Message.Assign assign, Message.Slice s, String workerId, ClockOffset offset, Channel channel,
                             Map<String, String> dataConnection, PrintStream out) {
        out.printf("worker %s: run %s, slice %d: %d producer(s), %d consumer(s)%n", workerId, assign.runId(), s.index(),
                s.producerCount(), s.consumerCount());
        out.flush();
        SliceRun slice = new SliceRun(assign, s, workerId, offset, channel, dataConnection, out);
        slice.heartbeats.scheduleAtFixedRate(slice::heartbeat, 0, HEARTBEAT.toMillis(), TimeUnit.MILLISECONDS);
        slice.thread.start();
        return slice;
    }

    String runId() {
        return assign.runId();
    }

    boolean ended() {
        return ended;
    }

    /** A coordinator message for this run. */
    void control(Message m) {
        lastControlNanos = System.nanoTime();
        if (m instanceof Message.Start s) {
            startNanos = s.startNanos();
        } else if (m instanceof Message.Finish) {
            finish = true;
        } else if (m instanceof Message.Stop s) {
            // The reason is the sender's text: one bounded line, no terminal control sequences.
            stop(ControlCodec.Text.line(s.reason()));
        }
    }

    /** Ends the slice when the coordinator has been silent too long: it died or was cut off, nothing may wait for it. */
    void checkCoordinator() {
        if (!stopped && !ended && System.nanoTime() - lastControlNanos > Worker.COORDINATOR_SILENCE.toNanos()) {
            stop("no word from the coordinator for " + Worker.COORDINATOR_SILENCE.toSeconds() + " s");
        }
    }

    void stop(String reason) {
        if (stopped) {
            return;
        }
        stopReason = reason;
        stopped = true;
        out.println("worker " + workerId + ": stopping run " + runId() + ": " + reason);
        out.flush();
        runner.requestStop();
    }

    void awaitEnd(Duration timeout) {
        try {
            thread.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        WorkerStatus status;
        String failure = null;
        RunOutcome outcome = null;
        try {
            outcome = runner.run();
            failure = outcome.failure();
            status = outcome.status() == RunStatus.FAILED ? WorkerStatus.FAILED
                    : outcome.status() == RunStatus.INTERRUPTED || stopped ? WorkerStatus.INTERRUPTED : WorkerStatus.COMPLETED;
            if (status == WorkerStatus.INTERRUPTED && failure == null) {
                // The report says why, so the coordinator's result does: a stop it sent, or one it did not (this
                // worker's own SIGTERM, its silence, a stop sealed by another key holder).
                failure = stopReason;
            }
        } catch (KbenchException | org.apache.kafka.common.KafkaException e) {
            status = WorkerStatus.FAILED;
            failure = e.getMessage();
        } catch (RuntimeException e) {
            status = WorkerStatus.FAILED;
            failure = e.toString();
        }
        heartbeats.shutdownNow();
        SliceWindows windows = runner.windows();
        try {
            channel.sendAndWait(new Message.Done(runId(), workerId, status, failure,
                    outcome == null ? null : outcome.summary(), windows,
                    outcome == null ? null : outcome.sections().clients(),
                    outcome == null ? null : outcome.sections().loadCpu()));
        } catch (RuntimeException e) {
            out.println("worker " + workerId + ": cannot report run " + runId() + ": " + e.getMessage());
        }
        out.println("worker " + workerId + ": run " + runId() + " " + status + (failure == null ? "" : ": " + failure)
                + "; waiting for the next run");
        out.flush();
        ended = true;
    }

    private void heartbeat() {
        RunMetrics m = metrics;
        try {
            channel.send(new Message.Heartbeat(runId(), workerId, assigned.getAsInt(),
                    m == null ? 0 : m.producedMeasured.records(), m == null ? 0 : m.consumedMeasured.records(),
                    m == null ? 0 : m.consumedAll.records(), producersFinished));
        } catch (RuntimeException e) {
            // A failed heartbeat is retried at the next tick; the coordinator judges the silence.
        }
    }

    /** On the reporter thread, once per interval: the histograms are encoded before the recorder reuses them. */
    private void interval(IntervalPoint point, IntervalCounts counts, RunMetrics m) {
        channel.send(new Message.Interval(runId(), workerId, intervalIndex.getAndIncrement(), point, counts,
                HistogramCodec.encode(m.latency(LatencyMetric.PUBLISH).lastInterval()), HistogramCodec.encode(m.latency(LatencyMetric.END_TO_END).lastInterval()),
                HistogramCodec.encode(m.latency(LatencyMetric.SEND_DELAY).lastInterval())));
    }

    @Override
    public long awaitStart(IntSupplier assignedPartitions, RunMetrics runMetrics, BooleanSupplier failed) {
        this.assigned = assignedPartitions;
        this.metrics = runMetrics;
        while (startNanos == Long.MIN_VALUE) {
            if (stopped || failed.getAsBoolean()) {
                return Long.MIN_VALUE;
            }
            sleep(10);
        }
        return startNanos;
    }

    @Override
    public void producersFinished() {
        if (!producersFinished) {
            producersFinished = true;
            heartbeat();
        }
    }

    @Override
    public boolean drained() {
        return finish || stopped;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
