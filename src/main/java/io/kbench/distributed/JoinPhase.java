package io.kbench.distributed;

import io.kbench.error.RunFailedException;
import io.kbench.load.WorkerSlice;
import io.kbench.result.Versions;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.DurationText;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * Everything before a distributed run's start: the plan repeated until enough workers joined, each worker's slice,
 * and the wait for the consumers across all workers to hold every partition.
 */
final class JoinPhase {
    /** How long consumers may take to be assigned every partition across all workers. */
    private static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(60);
    /** How long the consumers' assignment must hold before the start. */
    private static final Duration ASSIGNMENT_STABLE = Duration.ofSeconds(1);

    /** What the phase works with; {@code stopRequested} is polled, as Ctrl-C may come at any time. */
    record Setup(WorkloadSpec spec, Distribution distribution, int partitions, String runId,
                 Channel channel, LocalWorkers local, PrintStream out, BooleanSupplier stopRequested) {
    }

    private final Setup setup;
    private final WorkerWatch watch;

    JoinPhase(Setup setup, WorkerWatch watch) {
        this.setup = setup;
        this.watch = watch;
    }

    /** Workers refused at join (another kbench version), with why: named when too few join. */
    private final java.util.Map<String, String> refused = new java.util.LinkedHashMap<>();

    /** Repeats the plan every second until enough workers answered; a worker of another version is refused. */
    void awaitJoins() {
        Distribution distribution = setup.distribution();
        long deadline = System.nanoTime() + distribution.joinTimeout().toNanos();
        long lastPlan = System.nanoTime() - 2_000_000_000L;
        setup.out().printf(Locale.ROOT, "coordinator: run %s waits for %d worker(s) (%s)%n", setup.runId(),
                distribution.workers(), distribution.local() ? "starting them on this machine" : "kbench worker on any host");
        while (watch.size() < distribution.workers() && !setup.stopRequested().getAsBoolean()) {
            long now = System.nanoTime();
            if (now > deadline) {
                setup.channel().send(new Message.Stop(setup.runId(), "not enough workers joined"));
                throw new RunFailedException(String.format(Locale.ROOT,
                        "only %d of %d workers joined within %s%s; start more with 'kbench worker --bootstrap-server ...'"
                                + " or raise --worker-timeout", watch.size(), distribution.workers(),
                        DurationText.format(distribution.joinTimeout()),
                        watch.size() == 0 ? "" : " (" + String.join(", ", watch.ids()) + ")")
                        + (refused.isEmpty() ? "" : "; refused: " + String.join("; ", refused.values())));
            }
            if (now - lastPlan > 1_000_000_000L) {
                setup.channel().send(new Message.Plan(setup.runId(), Versions.kbench(), distribution.workers()));
                lastPlan = now;
            }
            setup.local().checkAlive();
            for (Message m : setup.channel().poll(WorkerWatch.POLL)) {
                if (m instanceof Message.Join j && j.runId().equals(setup.runId()) && watch.size() < distribution.workers()) {
                    join(j);
                }
            }
        }
    }

    /** A worker of another version is refused, not the run: the others may still join (it is named if too few do). */
    private void join(Message.Join j) {
        if (!Versions.kbench().equals(j.kbenchVersion())) {
            String why = "worker " + j.workerId() + " runs kbench " + ControlCodec.Text.line(j.kbenchVersion())
                    + " but this coordinator runs kbench " + Versions.kbench() + ": run the same version everywhere";
            if (refused.put(j.workerId(), why) == null) {
                setup.out().println("coordinator: refused " + why);
            }
            return;
        }
        if (watch.add(new WorkerState(j))) {
            setup.out().printf(Locale.ROOT, "coordinator: worker %s joined from %s (clock offset %+.3f ms ± %.3f ms)%n",
                    j.workerId(), ControlCodec.Text.line(j.host()), j.clockOffsetMicros() / 1000, j.clockBoundMicros() / 1000);
        }
    }

    /** Producer and consumer threads split as evenly as they go, in join order; see {@link WorkerSlice}. */
    void assign() {
        WorkloadSpec spec = setup.spec();
        int producers = spec.producers().count();
        int consumers = spec.consumers().mode() == ConsumerMode.NONE ? 0 : spec.consumers().count();
        int n = watch.size();
        List<Message.Slice> slices = new ArrayList<>();
        int i = 0;
        for (WorkerState w : watch.all()) {
            w.slice = new Message.Slice(w.join.workerId(), i, WorkerSlice.first(producers, n, i), WorkerSlice.count(producers, n, i),
                    WorkerSlice.first(consumers, n, i), WorkerSlice.count(consumers, n, i));
            slices.add(w.slice);
            i++;
        }
        // The group and transactional ids are the run's own (RunIds): a worker refuses any other.
        setup.channel().send(new Message.Assign(setup.runId(), RunIds.confine(Distributable.forWorkers(spec), setup.runId()),
                RunIds.group(setup.runId(), spec.consumers().group()), ThreadLocalRandom.current().nextInt() | 1,
                setup.partitions(), slices));
        watch.all().forEach(w -> w.lastSeenNanos = System.nanoTime());
    }

    /**
     * Live consumers across all workers must hold every partition before the first record is sent, and keep them
     * for a second: the group rebalances as each worker's consumers join, and a count reported before a
     * rebalance would otherwise look complete.
     */
    void awaitAssignments() {
        setup.local().checkAlive();
        WorkloadSpec spec = setup.spec();
        boolean live = spec.consumers().mode() == ConsumerMode.LIVE && spec.consumers().count() > 0;
        long deadline = System.nanoTime() + ASSIGNMENT_TIMEOUT.toNanos();
        long stableSince = Long.MAX_VALUE;
        while (!setup.stopRequested().getAsBoolean() && live) {
            long now = System.nanoTime();
            if (!allAssigned()) {
                stableSince = Long.MAX_VALUE;
            } else if (stableSince == Long.MAX_VALUE) {
                stableSince = now;
            } else if (now - stableSince > ASSIGNMENT_STABLE.toNanos()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new RunFailedException("the workers' consumers were not assigned all " + setup.partitions()
                        + " partitions of " + spec.topic().name() + " within " + ASSIGNMENT_TIMEOUT.toSeconds() + " s");
            }
            watch.receive();
            String lost = watch.lostWorker();
            if (lost != null) {
                throw new RunFailedException(watch.lostMessage(lost));
            }
            // A worker that refused its slice or stopped before the start: waiting for its partitions would only end
            // in the assignment timeout, with a message that names neither.
            if (watch.failure() != null) {
                throw new RunFailedException(watch.failure());
            }
            watch.takeNotes().forEach(n -> setup.out().println("coordinator: " + n));
        }
    }

    /** Every partition held, and every worker with consumers holding some (when there are enough partitions). */
    private boolean allAssigned() {
        int partitions = setup.partitions();
        boolean each = setup.spec().consumers().count() > partitions || watch.all().stream()
                .allMatch(w -> w.slice.consumerCount() == 0 || w.assignedPartitions > 0);
        // Exactly: heartbeats from before and after a rebalance can add up to more than the topic has.
        return each && watch.all().stream().mapToInt(w -> w.assignedPartitions).sum() == partitions;
    }
}
