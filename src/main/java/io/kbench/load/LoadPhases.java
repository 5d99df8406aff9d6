package io.kbench.load;

import io.kbench.measure.IntervalReporter;
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

    private final LoadRun run;
    private final WorkloadSpec spec;
    private final PrintStream out;
    private final NanoClock clock;
    private final StopSignal stop;
    private final RunMetrics metrics;
    private final ProducerSide producers;
    private final ConsumerFleet consumers;
    private final ConsumeProgress progress;
    private final OutcomeAssembler assembler;
    private final DriverSides drivers;
    /** Whether this is a worker's slice (read by {@link #measuring}). */
    private volatile boolean slice;
    /** The zero of the interval axis (IntervalPoint.endSec), once the run has started. */
    private volatile long runStartNanos = Long.MIN_VALUE;
    /** The wall-clock time at {@link #runStartNanos}, to place the measured windows on the wall clock. */
    private volatile long runStartMillis;

    /** The load of {@code run}: its producers and consumers, created here, and the outcome they make. */
    LoadPhases(LoadRun run) {
        this.run = run;
        this.spec = run.spec();
        this.out = run.out();
        this.clock = run.clock();
        this.stop = run.stop();
        this.metrics = run.metrics();
        this.producers = spec.producers().client().external() && spec.producers().count() > 0 ? new DriverProducers(run)
                : new ProducerFleet(run);
        this.consumers = new ConsumerFleet(run);
        this.progress = new ConsumeProgress(run, consumers);
        this.assembler = new OutcomeAssembler(run, producers, consumers);
        this.drivers = new DriverSides(spec, producers, consumers);
    }

    ProducerSide producers() {
        return producers;
    }

    ConsumerFleet consumers() {
        return consumers;
    }

    /** Stops producers and consumers as soon as possible (Ctrl-C); the run's stop signal is already requested. */
    void stopClients() {
        producers.requestStop();
        consumers.stopNow();
    }

    long runStartNanos() {
        return runStartNanos;
    }

    /**
     * A whole run's phases on a topic of {@code partitions}; {@code shareGroup} is the configured share group when
     * consumers.mode is share, else null; {@code beforeBacklogRead} runs between a backlog's fill and its read (a
     * tiered topic's offload).
     */
    RunOutcome runWhole(int partitions, ShareGroupConsumers shareGroup, Runnable beforeBacklogRead) {
        ConsumerMode mode = spec.consumers().mode();
        ProducerSpec p = spec.producers();
        long startMsec = System.currentTimeMillis();
        long startNanos = clock.nanoTime();
        runStartNanos = startNanos;
        runStartMillis = startMsec;
        IntervalTicks ticks = run.ticks();
        IntervalReporter reporter = new IntervalReporter(metrics, out, startNanos, startMsec, this::measuring,
                new ProgressLine.Columns(p.count() > 0, spec.consumers().enabled(),
                        ticks == IntervalTicks.NONE ? null : ticks::currentLimit), run.live());
        drivers.attach(reporter);
        ticks.started(startNanos);
        List<Thread> threads = new ArrayList<>();
        String failure = null;
        ConsumerSchedule schedule = null;
        RebalanceStats rebalances = null;
        AutoWarmup autoWarmup = null;
        BacklogPause backlog = null;
        BacklogPhases backlogPhases = null;
        CpuTrace jvmCpu = new CpuTrace();
        try (IntervalTicker ticker = new IntervalTicker(clock, ticks, jvmCpu)) {
            ticker.use(reporter);
            try {
                if (mode == ConsumerMode.LIVE) {
                    threads.addAll(consumers.startGroup(ReadMode.LIVE, 0, spec.consumers().count(), () -> { }));
                    if (consumers.driver() != null) {
                        // A consumer driver that dies reads nothing more: the producers stop, the run ends failed.
                        consumers.driver().onFailure(producers::requestStop);
                    }
                    consumers.awaitAssignment(partitions);
                    schedule = consumers.changes(partitions, producers::firstMeasuredSendNanos);
                    if (spec.consumers().pause() != null) {
                        backlog = new BacklogPause(spec.consumers().pause(), metrics, consumers::fetching, clock,
                                producers::firstMeasuredSendNanos);
                    }
                } else if (mode == ConsumerMode.SHARE) {
                    threads.addAll(shareGroup.start());
                    shareGroup.awaitReady(partitions);
                }
                producers.prepare(0, p.count());
                long producersStartNanos = clock.nanoTime();
                consumers.started(producersStartNanos);
                if (p.autoWarmup()) {
                    autoWarmup = new AutoWarmup(p, metrics, out, producersStartNanos);
                    ticker.alsoOnTick(autoWarmup::intervalClosed);
                }
                ticker.schedule(producersStartNanos + spec.reportInterval().toNanos(), spec.reportInterval().toNanos());
                List<Thread> producerThreads = producers.start(producersStartNanos, 0, p.count(), autoWarmup);
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
                    progress.await(metrics.producedMeasured.records()
                            - assembler.invisibleAborted(OutcomeAssembler.Records.MEASURED));
                    rebalances = schedule == null ? null : schedule.finish(clock.nanoTime());
                    backlogPhases = backlog == null ? null : backlog.finish(clock.nanoTime());
                } else if (mode == ConsumerMode.BACKLOG) {
                    long expected = p.count() == 0 ? spec.consumers().records()
                            : metrics.producedAll.records() - assembler.invisibleAborted(OutcomeAssembler.Records.ALL);
                    if (failure == null && !stop.requested()) {
                        beforeBacklogRead.run();
                    }
                    List<Thread> readers = consumers.startGroup(ReadMode.BACKLOG, 0, spec.consumers().count(),
                            progress::backlogStarted, new ReadLimit(metrics.consumedMeasured, expected));
                    threads.addAll(readers);
                    progress.await(expected);
                    long awaitedNanos = clock.nanoTime();
                    // The consumers stop (each after the poll that reached the limit) before the phase's figures are
                    // taken, so the perf tool's line and the summary count the same records.
                    consumers.requestStop();
                    stop.join(readers, JOIN_TIMEOUT);
                    progress.backlogFinished(expected, awaitedNanos);
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
                consumers.joinChanges(JOIN_TIMEOUT);
                drivers.release();
            }
        }
        drivers.reportLate(reporter, out);
        if (failure == null) {
            failure = firstFailure();
        }
        if (failure == null && schedule != null && schedule.failure() != null) {
            failure = "consumer change failed: " + schedule.failure().getMessage();
        }
        return assembler.outcome(reporter.points(), failure, runStartNanos, runStartMillis)
                .withGroups(shareGroup == null ? null : shareGroup.stats(), rebalances)
                .withWarmup(autoWarmup == null ? null : autoWarmup.result(reporter.points())).withBacklog(backlogPhases)
                .withClients(drivers.clients())
                .withLoadCpu(SideCpu.of(spec, metrics, producers, consumers, jvmCpu));
    }

    /**
     * A slice's phases: its consumers join the common group, the coordinator fixes the common start once every
     * slice's consumers hold their partitions, producers run their threads of the common schedule, and consumers
     * stop when the coordinator says all was consumed. The interval axis starts at the common start, so interval k
     * covers the same instant in every slice.
     */
    RunOutcome runSlice(WorkerSlice slice) {
        this.slice = true;
        List<Thread> threads = new ArrayList<>();
        IntervalReporter reporter = null;
        String failure = null;
        CpuTrace jvmCpu = new CpuTrace();
        try (IntervalTicker ticker = new IntervalTicker(clock, run.ticks(), jvmCpu)) {
            try {
                if (spec.consumers().mode() == ConsumerMode.LIVE) {
                    threads.addAll(consumers.startGroup(ReadMode.LIVE, slice.consumerFirst(), slice.consumerCount(),
                            () -> { }));
                    if (consumers.driver() != null) {
                        consumers.driver().onFailure(producers::requestStop);
                    }
                }
                // A producer driver is up before the common start is fixed: its first records are due at that start.
                producers.prepare(slice.producerFirst(), slice.producerCount());
                long start = slice.coordination().awaitStart(consumers::assignedPartitions, metrics,
                        () -> firstFailure() != null);
                if (start != Long.MIN_VALUE && !stop.requested() && firstFailure() == null) {
                    runStartNanos = start;
                    reporter = new IntervalReporter(metrics, out, start, start / 1_000_000, this::measuring,
                            new ProgressLine.Columns(spec.producers().count() > 0, spec.consumers().enabled()),
                            run.live())
                            .withSink(slice.sink());
                    drivers.attach(reporter);
                    consumers.started(start);
                    ticker.use(reporter);
                    ticker.schedule(start + spec.reportInterval().toNanos(), spec.reportInterval().toNanos());
                    List<Thread> producerThreads = producers.start(start, slice.producerFirst(), slice.producerCount(),
                            null);
                    threads.addAll(producerThreads);
                    stop.join(producerThreads, Long.MAX_VALUE);
                    failure = firstFailure();
                    slice.coordination().producersFinished();
                    // A failed slice reports at once (its Done carries the failure, and the coordinator stops the
                    // others); only a healthy one waits until everything produced was consumed.
                    while (failure == null && !stop.requested() && !slice.coordination().drained()) {
                        StopSignal.sleep(20);
                    }
                }
            } finally {
                slice.coordination().producersFinished();
                consumers.requestStop();
                stop.join(threads, JOIN_TIMEOUT);
                drivers.release();
            }
        }
        if (reporter != null) {
            drivers.reportLate(reporter, out);
        }
        if (failure == null) {
            failure = firstFailure();
        }
        return assembler.outcome(reporter == null ? List.of() : reporter.points(), failure, runStartNanos,
                runStartMillis).withClients(drivers.clients())
                .withLoadCpu(SideCpu.of(spec, metrics, producers, consumers, jvmCpu));
    }

    private boolean measuring() {
        return producers.measuring()
                || (spec.producers().count() == 0 && consumers.hasGroupConsumers())
                // A slice without producers measures once its consumers receive measured records.
                || (slice && producers.isEmpty() && metrics.consumedMeasured.records() > 0);
    }

    private String firstFailure() {
        String failure = producers.failure();
        return failure != null ? failure : consumers.failure();
    }
}
