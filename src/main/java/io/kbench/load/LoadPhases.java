package io.kbench.load;

import io.kbench.measure.IntervalReporter;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.PartitionBreakdown;
import io.kbench.measure.ProgressLine;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.BacklogPhases;
import io.kbench.result.run.RebalanceStats;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The timeline of the load, on one {@link IntervalTicker}: consumers join, producers run their schedule, consumers
 * drain, everything stops and is joined, and the outcome is assembled. A whole run and a worker's slice of a
 * distributed run differ only in how they start (a slice waits for the coordinator's common start) and end.
 */
final class LoadPhases {
    /** How long consumers get to close when a run ends normally. */
    private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(20);

    private final WorkloadSpec spec;
    private final PrintStream out;
    private final NanoClock clock;
    private final StopSignal stop;
    private final ProducerFleet producers;
    private final ConsumerFleet consumers;
    private final ConsumeProgress progress;
    private final OutcomeAssembler assembler;
    private final LiveMetrics live;
    private final IntervalTicks ticks;
    /** A slice's metrics, read by {@link #measuring}; null for a whole run. */
    private volatile RunMetrics sliceMetrics;
    /** The zero of the interval axis (IntervalPoint.endSec), once the run has started. */
    private volatile long runStartNanos = Long.MIN_VALUE;
    /** The wall-clock time at {@link #runStartNanos}, to place the measured windows on the wall clock. */
    private volatile long runStartMillis;

    LoadPhases(WorkloadSpec spec, PrintStream out, NanoClock clock,
               StopSignal stop, ProducerFleet producers, ConsumerFleet consumers, ConsumeProgress progress,
               OutcomeAssembler assembler, LiveMetrics live, IntervalTicks ticks) {
        this.spec = spec;
        this.out = out;
        this.clock = clock;
        this.stop = stop;
        this.producers = producers;
        this.consumers = consumers;
        this.progress = progress;
        this.assembler = assembler;
        this.live = live;
        this.ticks = ticks;
    }

    long runStartNanos() {
        return runStartNanos;
    }

    /** A whole run's phases; {@code shareGroup} is the configured share group when consumers.mode is share, else null. */
    RunOutcome runWhole(RunMetrics metrics, int partitions, int magic, PartitionBreakdown breakdown,
                        ShareGroupConsumers shareGroup) {
        return runWhole(metrics, partitions, magic, breakdown, shareGroup, () -> { });
    }

    /** As above; {@code beforeBacklogRead} runs between a backlog's fill and its read (a tiered topic's offload). */
    RunOutcome runWhole(RunMetrics metrics, int partitions, int magic, PartitionBreakdown breakdown,
                        ShareGroupConsumers shareGroup, Runnable beforeBacklogRead) {
        ConsumerMode mode = spec.consumers().mode();
        ProducerSpec p = spec.producers();
        long startMsec = System.currentTimeMillis();
        long startNanos = clock.nanoTime();
        runStartNanos = startNanos;
        runStartMillis = startMsec;
        IntervalReporter reporter = new IntervalReporter(metrics, out, startNanos, startMsec, this::measuring,
                new ProgressLine.Columns(p.count() > 0, spec.consumers().enabled(),
                        ticks == IntervalTicks.NONE ? null : ticks::currentLimit), live);
        ticks.started(startNanos);
        List<Thread> threads = new ArrayList<>();
        String failure = null;
        ConsumerSchedule schedule = null;
        RebalanceStats rebalances = null;
        AutoWarmup autoWarmup = null;
        BacklogPause backlog = null;
        BacklogPhases backlogPhases = null;
        try (IntervalTicker ticker = new IntervalTicker(clock, ticks)) {
            ticker.use(reporter);
            try {
                if (mode == ConsumerMode.LIVE) {
                    threads.addAll(consumers.startGroup(metrics, magic, true, 0, spec.consumers().count(), breakdown,
                            stop, () -> { }));
                    consumers.awaitAssignment(partitions, stop);
                    schedule = consumers.changes(metrics, magic, partitions, producers::firstMeasuredSendNanos);
                    if (spec.consumers().pause() != null) {
                        backlog = new BacklogPause(spec.consumers().pause(), metrics, consumers::pauseFetching, clock,
                                producers::firstMeasuredSendNanos);
                    }
                } else if (mode == ConsumerMode.SHARE) {
                    threads.addAll(shareGroup.start(metrics, magic, stop));
                    shareGroup.awaitReady(partitions, stop, out);
                }
                long producersStartNanos = clock.nanoTime();
                if (p.autoWarmup()) {
                    autoWarmup = new AutoWarmup(p, metrics, out, producersStartNanos);
                    ticker.alsoOnTick(autoWarmup::intervalClosed);
                }
                ticker.schedule(producersStartNanos + spec.reportInterval().toNanos(), spec.reportInterval().toNanos());
                List<Thread> producerThreads = producers.start(metrics, magic, producersStartNanos, 0, p.count(),
                        breakdown, stop, autoWarmup);
                threads.addAll(producerThreads);
                if (schedule != null) {
                    threads.add(0, StopSignal.daemon(schedule, "kbench-consumer-changes"));
                    threads.get(0).start();
                }
                if (backlog != null) {
                    threads.add(0, StopSignal.daemon(backlog, "kbench-backlog-pause"));
                    threads.get(0).start();
                }
                stop.join(producerThreads, Long.MAX_VALUE);
                if (backlog != null) {
                    // A pause still building resumes now, so that the consumers can read everything that was sent.
                    backlog.producersEnded(clock.nanoTime());
                }
                if (autoWarmup != null) {
                    autoWarmup.stopJudging();
                }
                failure = firstFailure();
                if (spec.consumers().endToEnd()) {
                    progress.await(metrics, metrics.producedMeasured.records() - assembler.invisibleAborted(true), stop);
                    rebalances = schedule == null ? null : schedule.finish(clock.nanoTime());
                    backlogPhases = backlog == null ? null : backlog.finish(clock.nanoTime());
                } else if (mode == ConsumerMode.BACKLOG) {
                    long expected = p.count() == 0 ? spec.consumers().records()
                            : metrics.producedAll.records() - assembler.invisibleAborted(false);
                    if (failure == null && !stop.requested()) {
                        beforeBacklogRead.run();
                    }
                    threads.addAll(consumers.startGroup(metrics, magic, false, 0, spec.consumers().count(), breakdown,
                            stop, () -> progress.backlogStarted(metrics)));
                    progress.await(metrics, expected, stop);
                    progress.backlogFinished(metrics, expected);
                }
            } finally {
                if (schedule != null && rebalances == null) {
                    schedule.finish(clock.nanoTime());
                }
                if (backlog != null && backlogPhases == null) {
                    backlogPhases = backlog.finish(clock.nanoTime());
                }
                consumers.requestStop();
                stop.join(threads, JOIN_TIMEOUT);
                consumers.joinChanges(stop, JOIN_TIMEOUT);
            }
        }
        if (failure == null) {
            failure = firstFailure();
        }
        if (failure == null && schedule != null && schedule.failure() != null) {
            failure = "consumer change failed: " + schedule.failure().getMessage();
        }
        return assembler.outcome(metrics, reporter.points(), failure, stop.requested(), producers, consumers, breakdown,
                runStartNanos, runStartMillis).withGroups(shareGroup == null ? null : shareGroup.stats(metrics), rebalances)
                .withWarmup(autoWarmup == null ? null : autoWarmup.result()).withBacklog(backlogPhases);
    }

    /**
     * A slice's phases: its consumers join the common group, the coordinator fixes the common start once every
     * slice's consumers hold their partitions, producers run their threads of the common schedule, and consumers
     * stop when the coordinator says all was consumed. The interval axis starts at the common start, so interval k
     * covers the same instant in every slice.
     */
    RunOutcome runSlice(RunMetrics metrics, WorkerSlice slice) {
        sliceMetrics = metrics;
        int magic = slice.stampMagic();
        PartitionBreakdown breakdown = new PartitionBreakdown(0, null, false);
        List<Thread> threads = new ArrayList<>();
        IntervalReporter reporter = null;
        String failure = null;
        try (IntervalTicker ticker = new IntervalTicker(clock, ticks)) {
            try {
                if (spec.consumers().mode() == ConsumerMode.LIVE) {
                    threads.addAll(consumers.startGroup(metrics, magic, true, slice.consumerFirst(),
                            slice.consumerCount(), breakdown, stop, () -> { }));
                }
                long start = slice.coordination().awaitStart(consumers::assignedPartitions, metrics);
                if (start != Long.MIN_VALUE && !stop.requested()) {
                    runStartNanos = start;
                    reporter = new IntervalReporter(metrics, out, start, start / 1_000_000, this::measuring,
                            new ProgressLine.Columns(spec.producers().count() > 0, spec.consumers().enabled()), live)
                            .withSink(slice.sink());
                    ticker.use(reporter);
                    ticker.schedule(start + spec.reportInterval().toNanos(), spec.reportInterval().toNanos());
                    List<Thread> producerThreads = producers.start(metrics, magic, start, slice.producerFirst(),
                            slice.producerCount(), breakdown, stop, null);
                    threads.addAll(producerThreads);
                    stop.join(producerThreads, Long.MAX_VALUE);
                    failure = firstFailure();
                    slice.coordination().producersFinished();
                    while (!stop.requested() && !slice.coordination().drained()) {
                        StopSignal.sleep(20);
                    }
                }
            } finally {
                slice.coordination().producersFinished();
                consumers.requestStop();
                stop.join(threads, JOIN_TIMEOUT);
            }
        }
        if (failure == null) {
            failure = firstFailure();
        }
        return assembler.outcome(metrics, reporter == null ? List.of() : reporter.points(), failure, stop.requested(),
                producers, consumers, breakdown, runStartNanos, runStartMillis);
    }

    private boolean measuring() {
        RunMetrics metrics = sliceMetrics;
        return producers.measuring()
                || (spec.producers().count() == 0 && consumers.hasGroupConsumers())
                // A slice without producers measures once its consumers receive measured records.
                || (metrics != null && producers.isEmpty() && metrics.consumedMeasured.records() > 0);
    }

    private String firstFailure() {
        String failure = producers.failure();
        return failure != null ? failure : consumers.failure();
    }
}
