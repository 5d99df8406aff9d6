package io.kbench.load;

import io.kbench.measure.RunMetrics;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import java.io.PrintStream;

/**
 * Waits for the consumers to read what they should (or until nothing arrives for the idle timeout), and tells a
 * {@link ConsumePhaseListener} how a backlog phase goes in the perf tool's terms. Runs on the runner's own thread.
 */
final class ConsumeProgress {
    private final WorkloadSpec spec;
    private final NanoClock clock;
    private final RunMetrics metrics;
    private final StopSignal stop;
    private final ConsumerFleet consumers;
    private final ConsumePhaseListener listener;
    private final PrintStream out;
    /** Backlog phase start, wall clock and monotonic, to turn consumer timestamps into wall-clock times. */
    private long phaseStartMillis;
    private long phaseStartNanos;

    /** Follows {@code consumers} of {@code run}, telling the run's consume-phase listener. */
    ConsumeProgress(LoadRun run, ConsumerFleet consumers) {
        this.spec = run.spec();
        this.clock = run.clock();
        this.metrics = run.metrics();
        this.stop = run.stop();
        this.consumers = consumers;
        this.listener = run.consumePhase();
        this.out = run.out();
    }

    /** The backlog consumers exist and are about to subscribe. */
    void backlogStarted() {
        phaseStartMillis = System.currentTimeMillis();
        phaseStartNanos = clock.nanoTime();
        listener.started(snapshot(phaseStartNanos));
    }

    /** Waits until consumers have {@code expected} measured records, or nothing arrives for the idle timeout. */
    void await(long expected) {
        long idleNanos = spec.consumers().idleTimeout().toNanos();
        long lastCount = -1;
        long lastProgressNanos = clock.nanoTime();
        long lastReportedCount = 0;
        boolean backlog = spec.consumers().mode() == ConsumerMode.BACKLOG;
        while (!stop.requested() && metrics.consumedMeasured.records() < expected) {
            DriverStream driver = consumers.driver();
            if (driver != null && driver.failure() != null) {
                return; // a consumer driver that ended reads nothing more: its failure is the run's
            }
            long count = metrics.consumedAll.records();
            long now = clock.nanoTime();
            if (backlog && count != lastReportedCount) {
                listener.progress(snapshot(now));
                lastReportedCount = count;
            }
            if (count != lastCount) {
                lastCount = count;
                lastProgressNanos = now;
            } else if (now - lastProgressNanos > idleNanos) {
                out.printf("consumers: no records for %s; stopping with %,d of %,d%n",
                        DurationText.format(spec.consumers().idleTimeout()),
                        metrics.consumedMeasured.records(), expected);
                return;
            }
            StopSignal.sleep(20);
        }
    }

    /**
     * The backlog phase ended and its consumers have stopped, so the counts are final: it ended at the return of the
     * last poll with records once all were read (as the perf tool's loop ends right after that poll), otherwise at
     * {@code awaitedNanos}, when {@link #await} gave up (idle timeout or stop).
     */
    void backlogFinished(long expected, long awaitedNanos) {
        long last = consumers.groupLastRecordNanos();
        long end = metrics.consumedMeasured.records() >= expected && last != Long.MIN_VALUE ? last : awaitedNanos;
        listener.finished(snapshot(end));
    }

    private ConsumePhaseListener.Snapshot snapshot(long nanos) {
        return new ConsumePhaseListener.Snapshot(phaseStartMillis + (nanos - phaseStartNanos) / 1_000_000,
                metrics.consumedAll.records(), metrics.consumedAll.bytes(), consumers.rebalanceMillis());
    }
}
