package io.kbench.distributed;

import io.kbench.client.ClientProperties;
import io.kbench.load.IntervalTicks;
import io.kbench.load.NanoClock;
import io.kbench.load.RunOutcome;
import io.kbench.load.SharedTopic;
import io.kbench.measure.LiveMetrics;
import io.kbench.measure.RunMetrics;
import io.kbench.result.run.DistributedRun;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * The coordinator of a distributed run: publishes the plan, waits for the workers, gives each its slice and the
 * common start, merges their intervals into the live line, the .hlog files and the totals, and watches their
 * heartbeats. It puts no load on the cluster itself. {@link #run} returns the merged outcome as a local run would.
 */
public final class Coordinator {
    /** Between the start message and the start: long enough for it to reach every worker. */
    private static final Duration START_LEAD = Duration.ofSeconds(1);

    private final WorkloadSpec spec;
    private final ClientProperties data;
    private final Distribution distribution;
    private final Path hlogDir;
    private final PrintStream out;
    private final LiveMetrics live;
    private final IntervalTicks ticks;
    private final String runId = UUID.randomUUID().toString();
    private volatile boolean stopRequested;
    private DistributedRun distributedRun;

    /** The workers' consumer group is the run's own, {@code kbench-<runId>[-<consumers.group>]} ({@link RunIds}). */
    public Coordinator(WorkloadSpec spec, Map<String, String> dataConnection, Distribution distribution, Path hlogDir,
                       PrintStream out, LiveMetrics live, IntervalTicks ticks) {
        this.spec = spec;
        this.data = new ClientProperties(dataConnection);
        this.distribution = distribution;
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
        out.println("coordinator: control messages " + distribution.control().describe());
        try (Channel channel = new Channel(controlConnection, ControlTopics.CONTROL, ControlTopics.RESULTS,
                distribution.control(), ControlCodec.COORDINATOR, out);
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

    /** One run's conversation with the workers, phase after phase; its state lives as long as the run. */
    private final class CoordinatedRun {
        private final Channel channel;
        private final NanoClock clusterClock;
        private final WorkerWatch watch;
        private final JoinPhase joining;

        CoordinatedRun(Channel channel, LocalWorkers local, NanoClock clusterClock, int partitions) {
            this.channel = channel;
            this.clusterClock = clusterClock;
            this.watch = new WorkerWatch(channel, runId, distribution.tolerateWorkerLoss());
            this.joining = new JoinPhase(new JoinPhase.Setup(spec, distribution, partitions, runId, channel, local,
                    out, () -> stopRequested), watch);
        }

        RunOutcome execute() {
            try {
                joining.awaitJoins();
                if (stopRequested) {
                    return stoppedBeforeStart();
                }
                joining.assign();
                joining.awaitAssignments();
                if (stopRequested) {
                    return stoppedBeforeStart();
                }
                return startAndFollow();
            } catch (RuntimeException e) {
                watch.stopSent();
                channel.send(new Message.Stop(runId, "the coordinator failed: " + e.getMessage()));
                throw e;
            }
        }

        private RunOutcome startAndFollow() {
            long startNanos = clusterClock.nanoTime() + START_LEAD.toNanos();
            long startMillis = startNanos / 1_000_000;
            channel.send(new Message.Start(runId, startNanos));
            long tickStartNanos = System.nanoTime() + START_LEAD.toNanos();
            ticks.started(tickStartNanos);
            try (RunMetrics metrics = new RunMetrics(hlogDir, startMillis)) {
                MergedIntervals intervals = new MergedIntervals(spec, metrics, startMillis, tickStartNanos, out, ticks,
                        live);
                new RunFollower(spec, channel, runId, watch, intervals, out, () -> stopRequested).follow();
                return finish(DistributedOutcome.of(spec, distribution, watch, stopRequested, metrics, intervals.points()));
            }
        }

        private RunOutcome stoppedBeforeStart() {
            watch.stopSent();
            channel.send(new Message.Stop(runId, "interrupted on the coordinator"));
            return finish(DistributedOutcome.stoppedBeforeStart(spec, distribution, watch.all()));
        }

        private RunOutcome finish(DistributedOutcome outcome) {
            distributedRun = outcome.distributedRun();
            return outcome.outcome();
        }
    }
}
