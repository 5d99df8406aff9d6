package io.kbench.distributed;

import io.kbench.error.RunFailedException;
import io.kbench.load.ClientProperties;
import io.kbench.load.IntervalTicks;
import io.kbench.load.WorkerSlice;
import io.kbench.load.NanoClock;
import io.kbench.load.RunOutcome;
import io.kbench.load.SharedTopic;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.ProgressLine;
import io.kbench.measure.RunMetrics;
import io.kbench.result.DistributedRun;
import io.kbench.result.IntervalPoint;
import io.kbench.result.LatencyStats;
import io.kbench.result.RunStatus;
import io.kbench.result.Summary;
import io.kbench.result.Versions;
import io.kbench.result.WorkerRun;
import io.kbench.result.WorkerStatus;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import io.kbench.unit.Units;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The coordinator of a distributed run: publishes the plan, waits for the workers, gives each its slice and the
 * common start, merges their intervals into the live line, the .hlog files and the totals, and watches their
 * heartbeats. It puts no load on the cluster itself. {@link #run} returns the merged outcome as a local run would.
 */
public final class Coordinator {
    /** A worker silent this long is lost: heartbeats come every 500 ms, so this is ten missed in a row. */
    static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(5);
    /** Between the start message and the start: long enough for it to reach every worker. */
    private static final Duration START_LEAD = Duration.ofSeconds(1);
    /** How long consumers may take to be assigned every partition across all workers. */
    private static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(60);
    /** How long the consumers' assignment must hold before the start. */
    private static final Duration ASSIGNMENT_STABLE = Duration.ofSeconds(1);
    /** After a stop, how long the workers get to report before they are left out. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(8);
    private static final Duration POLL = Duration.ofMillis(50);

    private final WorkloadSpec spec;
    private final ClientProperties data;
    private final Distribution distribution;
    private final String group;
    private final Path hlogDir;
    private final PrintStream out;
    private final LiveMetrics live;
    private final IntervalTicks ticks;
    private final String runId = UUID.randomUUID().toString();
    private final Map<String, WorkerState> workers = new LinkedHashMap<>();
    private volatile boolean stopRequested;
    private DistributedRun distributedRun;

    public Coordinator(WorkloadSpec spec, Map<String, String> dataConnection, Distribution distribution, String group,
                       Path hlogDir, PrintStream out, LiveMetrics live, IntervalTicks ticks) {
        this.spec = spec;
        this.data = new ClientProperties(dataConnection);
        this.distribution = distribution;
        this.group = group;
        this.hlogDir = hlogDir;
        this.out = out;
        this.live = live;
        this.ticks = ticks;
    }

    /** Ctrl-C: every worker is told to stop its load; {@link #run} returns what was measured. Any thread. */
    public void requestStop() {
        stopRequested = true;
    }

    /** How the run was spread and each worker's part, once {@link #run} returned. */
    public DistributedRun distributedRun() {
        return distributedRun;
    }

    public RunOutcome run() {
        Map<String, String> controlConnection = distribution.controlConnection().isEmpty() ? data.connection()
                : distribution.controlConnection();
        ControlTopics.ensure(new ClientProperties(controlConnection).admin());
        int partitions = SharedTopic.prepare(spec.topic(), data);
        try (Channel channel = new Channel(controlConnection, ControlTopics.CONTROL, ControlTopics.RESULTS, "kbench-coordinator", out);
             LocalWorkers local = distribution.local()
                     ? LocalWorkers.start(distribution, data.connection(), controlConnection, hlogDir, out) : LocalWorkers.NONE) {
            ClockOffset offset = ClockOffset.estimate(() -> channel.probe(runId));
            RunOutcome outcome = new CoordinatedRun(channel, local, offset.clusterClock(), partitions).execute();
            if (spec.topic().deleteAfter()) {
                String problem = SharedTopic.delete(spec.topic().name(), data, Duration.ofSeconds(30));
                if (problem != null) {
                    out.println("topic " + spec.topic().name() + " was not deleted: " + problem);
                }
            }
            return outcome;
        }
    }

    /** One run's conversation with the workers; its state lives as long as the run. */
    private final class CoordinatedRun {
        private final Channel channel;
        private final LocalWorkers local;
        private final NanoClock clusterClock;
        private final int partitions;
        private IntervalMerger merger;
        private RunMetrics metrics;
        private long startMillis;
        private final List<IntervalPoint> points = new ArrayList<>();
        private String failure;
        private long lastAliveNanos = System.nanoTime();

        CoordinatedRun(Channel channel, LocalWorkers local, NanoClock clusterClock, int partitions) {
            this.channel = channel;
            this.local = local;
            this.clusterClock = clusterClock;
            this.partitions = partitions;
        }

        RunOutcome execute() {
            try {
                awaitJoins();
                if (stopRequested) {
                    return stoppedBeforeStart();
                }
                assign();
                awaitAssignments();
                if (stopRequested) {
                    return stoppedBeforeStart();
                }
                long startNanos = clusterClock.nanoTime() + START_LEAD.toNanos();
                startMillis = startNanos / 1_000_000;
                channel.send(new Message.Start(runId, startNanos));
                ticks.started(System.nanoTime() + START_LEAD.toNanos());
                try (RunMetrics m = new RunMetrics(hlogDir, startMillis)) {
                    metrics = m;
                    merger = new IntervalMerger(workers.keySet());
                    follow();
                    return outcome();
                }
            } catch (RuntimeException e) {
                channel.send(new Message.Stop(runId, "the coordinator failed: " + e.getMessage()));
                throw e;
            }
        }

        private RunOutcome stoppedBeforeStart() {
            channel.send(new Message.Stop(runId, "interrupted on the coordinator"));
            distributedRun = new DistributedRun(distribution.workers(), distribution.local(), distribution.tolerateWorkerLoss(),
                    null, workers.values().stream().map(w -> w.run(WorkerStatus.INTERRUPTED)).toList());
            return RunOutcome.of(RunStatus.INTERRUPTED, null, new Summary(latencyMeasuredFrom(), MergedTotals.empty(), null,
                    LatencyStats.EMPTY, null, null, null), List.of());
        }

        /** Repeats the plan every second until enough workers answered; a worker of another version ends the run. */
        private void awaitJoins() {
            long deadline = System.nanoTime() + distribution.joinTimeout().toNanos();
            long lastPlan = System.nanoTime() - 2_000_000_000L;
            out.printf(Locale.ROOT, "coordinator: run %s waits for %d worker(s) (%s)%n", runId, distribution.workers(),
                    distribution.local() ? "starting them on this machine" : "kbench worker on any host");
            while (workers.size() < distribution.workers() && !stopRequested) {
                long now = System.nanoTime();
                if (now > deadline) {
                    channel.send(new Message.Stop(runId, "not enough workers joined"));
                    throw new RunFailedException(String.format(Locale.ROOT,
                            "only %d of %d workers joined within %s%s; start more with 'kbench worker --bootstrap-server ...'"
                                    + " or raise --worker-timeout", workers.size(), distribution.workers(),
                            DurationText.format(distribution.joinTimeout()),
                            workers.isEmpty() ? "" : " (" + String.join(", ", workers.keySet()) + ")"));
                }
                if (now - lastPlan > 1_000_000_000L) {
                    channel.send(new Message.Plan(runId, Versions.kbench(), distribution.workers()));
                    lastPlan = now;
                }
                local.checkAlive();
                for (Message m : channel.poll(POLL)) {
                    if (m instanceof Message.Join j && j.runId().equals(runId) && workers.size() < distribution.workers()) {
                        join(j);
                    }
                }
            }
        }

        private void join(Message.Join j) {
            if (!Versions.kbench().equals(j.kbenchVersion())) {
                channel.send(new Message.Stop(runId, "worker " + j.workerId() + " runs another kbench version"));
                throw new RunFailedException("worker " + j.workerId() + " runs kbench " + j.kbenchVersion()
                        + " but this coordinator runs kbench " + Versions.kbench() + ": run the same version everywhere");
            }
            if (workers.containsKey(j.workerId())) {
                return;
            }
            workers.put(j.workerId(), new WorkerState(j));
            out.printf(Locale.ROOT, "coordinator: worker %s joined from %s (clock offset %+.3f ms ± %.3f ms)%n",
                    j.workerId(), j.host(), j.clockOffsetMicros() / 1000, j.clockBoundMicros() / 1000);
        }

        /** Producer and consumer threads split as evenly as they go, in join order; see {@link WorkerSlice}. */
        private void assign() {
            int producers = spec.producers().count();
            int consumers = spec.consumers().mode() == ConsumerMode.NONE ? 0 : spec.consumers().count();
            int n = workers.size();
            List<Message.Slice> slices = new ArrayList<>();
            int i = 0;
            for (WorkerState w : workers.values()) {
                w.slice = new Message.Slice(w.join.workerId(), i, WorkerSlice.first(producers, n, i), WorkerSlice.count(producers, n, i),
                        WorkerSlice.first(consumers, n, i), WorkerSlice.count(consumers, n, i));
                slices.add(w.slice);
                i++;
            }
            channel.send(new Message.Assign(runId, spec, group, ThreadLocalRandom.current().nextInt() | 1, partitions, slices));
            workers.values().forEach(w -> w.lastSeenNanos = System.nanoTime());
        }

        /**
         * Live consumers across all workers must hold every partition before the first record is sent, and keep them
         * for a second: the group rebalances as each worker's consumers join, and a count reported before a
         * rebalance would otherwise look complete.
         */
        private void awaitAssignments() {
            local.checkAlive();
            boolean live = spec.consumers().mode() == ConsumerMode.LIVE && spec.consumers().count() > 0;
            long deadline = System.nanoTime() + ASSIGNMENT_TIMEOUT.toNanos();
            long stableSince = Long.MAX_VALUE;
            while (!stopRequested && live) {
                long now = System.nanoTime();
                if (!allAssigned()) {
                    stableSince = Long.MAX_VALUE;
                } else if (stableSince == Long.MAX_VALUE) {
                    stableSince = now;
                } else if (now - stableSince > ASSIGNMENT_STABLE.toNanos()) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new RunFailedException("the workers' consumers were not assigned all " + partitions
                            + " partitions of " + spec.topic().name() + " within " + ASSIGNMENT_TIMEOUT.toSeconds() + " s");
                }
                receive();
                String lost = lostWorker();
                if (lost != null) {
                    throw new RunFailedException(lostMessage(lost));
                }
            }
        }

        /** Every partition held, and every worker with consumers holding some (when there are enough partitions). */
        private boolean allAssigned() {
            int consumers = spec.consumers().count();
            boolean each = consumers > partitions || workers.values().stream()
                    .allMatch(w -> w.slice.consumerCount() == 0 || w.assignedPartitions > 0);
            // Exactly: heartbeats from before and after a rebalance can add up to more than the topic has.
            return each && workers.values().stream().mapToInt(w -> w.assignedPartitions).sum() == partitions;
        }

        /** Merges intervals as they arrive until every worker reported (or was lost), stopping them when needed. */
        private void follow() {
            boolean finishSent = false;
            boolean stopSent = false;
            long stopDeadline = Long.MAX_VALUE;
            long consumedSeen = -1;
            long lastConsumedProgress = System.nanoTime();
            while (workers.values().stream().anyMatch(WorkerState::running)) {
                receive();
                emit(merger.ready());
                long now = System.nanoTime();
                String lost = lostWorker();
                if (lost != null) {
                    WorkerState w = workers.get(lost);
                    w.lost = true;
                    merger.closed(lost);
                    out.println("coordinator: " + lostMessage(lost));
                    if (!distribution.tolerateWorkerLoss() && failure == null) {
                        failure = lostMessage(lost);
                    }
                }
                if ((stopRequested || failure != null) && !stopSent) {
                    channel.send(new Message.Stop(runId, stopRequested ? "interrupted on the coordinator" : failure));
                    stopSent = true;
                    stopDeadline = now + STOP_GRACE.toNanos();
                }
                if (now > stopDeadline) {
                    workers.values().stream().filter(WorkerState::running).forEach(w -> {
                        w.lost = true;
                        merger.closed(w.join.workerId());
                    });
                }
                long consumed = workers.values().stream().mapToLong(w -> w.consumedAll).sum();
                if (consumed != consumedSeen) {
                    consumedSeen = consumed;
                    lastConsumedProgress = now;
                }
                if (!finishSent && drained(now - lastConsumedProgress)) {
                    channel.send(new Message.Finish(runId));
                    finishSent = true;
                }
            }
            emit(merger.ready());
            emit(merger.flush());
        }

        /** Whether consumers may stop: all producers finished and all they produced was consumed, or nothing came. */
        private boolean drained(long idleNanos) {
            if (!workers.values().stream().allMatch(w -> w.producersFinished || !w.running())) {
                return false;
            }
            if (spec.consumers().mode() != ConsumerMode.LIVE || spec.consumers().count() == 0) {
                return true;
            }
            long produced = workers.values().stream().mapToLong(w -> w.producedMeasured).sum();
            long consumed = workers.values().stream().mapToLong(w -> w.consumedMeasured).sum();
            if (consumed >= produced) {
                return true;
            }
            if (idleNanos > spec.consumers().idleTimeout().toNanos()) {
                out.printf(Locale.ROOT, "consumers: no records for %s; stopping with %,d of %,d%n",
                        DurationText.format(spec.consumers().idleTimeout()), consumed, produced);
                return true;
            }
            return false;
        }

        /** Reads the workers' messages; also tells them every second that this coordinator is still there. */
        private void receive() {
            if (System.nanoTime() - lastAliveNanos > 1_000_000_000L) {
                channel.send(new Message.Alive(runId));
                lastAliveNanos = System.nanoTime();
            }
            for (Message m : channel.poll(POLL)) {
                WorkerState w = m.runId().equals(runId) ? workerOf(m) : null;
                if (w == null || w.lost) {
                    continue;
                }
                w.lastSeenNanos = System.nanoTime();
                if (m instanceof Message.Heartbeat h) {
                    w.heartbeat(h);
                } else if (m instanceof Message.Interval i && merger != null) {
                    merger.add(i);
                } else if (m instanceof Message.Done d) {
                    w.done = d;
                    if (merger != null) {
                        merger.closed(d.workerId());
                    }
                    if (d.status() == WorkerStatus.FAILED && failure == null) {
                        failure = "worker " + d.workerId() + ": " + d.failure();
                    }
                }
            }
        }

        private WorkerState workerOf(Message m) {
            String id = m instanceof Message.Heartbeat h ? h.workerId() : m instanceof Message.Interval i ? i.workerId()
                    : m instanceof Message.Done d ? d.workerId() : null;
            return id == null ? null : workers.get(id);
        }

        private String lostWorker() {
            long now = System.nanoTime();
            return workers.values().stream().filter(WorkerState::running)
                    .filter(w -> now - w.lastSeenNanos > HEARTBEAT_TIMEOUT.toNanos())
                    .map(w -> w.join.workerId()).findFirst().orElse(null);
        }

        private String lostMessage(String id) {
            return "worker " + id + " stopped heartbeating (nothing for " + HEARTBEAT_TIMEOUT.toSeconds() + " s)"
                    + (distribution.tolerateWorkerLoss() ? "; the run goes on without it (--tolerate-worker-loss)" : "");
        }

        private void emit(List<IntervalMerger.Merged> merged) {
            for (IntervalMerger.Merged m : merged) {
                // As a local run's reporter does: warm-up records are never recorded, so every interval's histogram counts.
                boolean measured = true;
                long endMs = startMillis + Math.round(m.endSec() * 1000);
                long startMs = endMs - Math.round(m.durationSec() * 1000);
                LatencyStats publish = metrics.latency(LatencyMetric.PUBLISH).addInterval(m.histogram(LatencyMetric.PUBLISH), startMs, endMs, measured);
                LatencyStats e2e = metrics.latency(LatencyMetric.END_TO_END).addInterval(m.histogram(LatencyMetric.END_TO_END), startMs, endMs, measured);
                LatencyStats delay = metrics.latency(LatencyMetric.SEND_DELAY).addInterval(m.histogram(LatencyMetric.SEND_DELAY), startMs, endMs, measured);
                long elapsed = Math.max(1, Math.round(m.durationSec() * 1e9));
                IntervalPoint point = new IntervalPoint(m.endSec(), m.phase(),
                        Units.perSecond(m.counts().producedRecords(), elapsed),
                        Units.perSecond(Units.mib(m.counts().producedBytes()), elapsed),
                        Units.perSecond(m.counts().consumedRecords(), elapsed),
                        Units.perSecond(Units.mib(m.counts().consumedBytes()), elapsed),
                        m.counts().produceErrors(), publish, e2e, delay);
                points.add(point);
                out.println(ProgressLine.format(point, new ProgressLine.Columns(spec.producers().count() > 0,
                        spec.consumers().enabled(), ticks == IntervalTicks.NONE ? null : ticks::currentLimit)));
                out.flush();
                ticks.ticked(System.nanoTime());
                try {
                    live.interval(point, m.counts());
                } catch (RuntimeException e) {
                    out.println("kbench: warning: live metrics: " + e.getMessage());
                }
            }
        }

        private RunOutcome outcome() {
            List<WorkerRun> runs = workers.values().stream().map(WorkerState::run).toList();
            Double bound = spec.consumers().mode() == ConsumerMode.LIVE && workers.size() > 1
                    ? runs.stream().map(WorkerRun::clockBoundMicros).sorted((a, b) -> Double.compare(b, a)).limit(2)
                            .mapToDouble(Double::doubleValue).sum() : null;
            distributedRun = new DistributedRun(distribution.workers(), distribution.local(),
                    distribution.tolerateWorkerLoss(), bound, runs);
            List<Message.Done> done = workers.values().stream().map(w -> w.done).filter(d -> d != null).toList();
            RunStatus status = failure != null ? RunStatus.FAILED : stopRequested ? RunStatus.INTERRUPTED : RunStatus.COMPLETED;
            boolean consumers = spec.consumers().mode() == ConsumerMode.LIVE && spec.consumers().count() > 0;
            return RunOutcome.of(status, failure, new Summary(latencyMeasuredFrom(), MergedTotals.produced(done),
                    consumers ? MergedTotals.consumed(done) : null, metrics.latency(LatencyMetric.PUBLISH).totalStats(),
                    consumers ? metrics.latency(LatencyMetric.END_TO_END).totalStats() : null,
                    spec.producers().unlimitedRate() ? null : metrics.latency(LatencyMetric.SEND_DELAY).totalStats(), null), List.copyOf(points));
        }

        private String latencyMeasuredFrom() {
            return spec.producers().unlimitedRate() ? "actualSendTime" : "intendedSendTime";
        }
    }
}
