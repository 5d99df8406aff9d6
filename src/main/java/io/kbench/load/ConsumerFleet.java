package io.kbench.load;

import io.kbench.error.RunFailedException;
import io.kbench.measure.ConsumerTally;
import io.kbench.measure.PartitionGaps;
import io.kbench.spec.WorkloadSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.apache.kafka.common.KafkaException;

/**
 * A run's consumers, of a consumer group (live or backlog) or of a share group, all on {@link ConsumerLoop}: creates
 * and starts them, waits until they hold the topic, applies consumers.changes, and answers for them together (their
 * consume window, the first failure). {@link ShareGroupConsumers} adds what only a share group has. Live consumers of
 * another client run in a driver process ({@link DriverConsumers}), which this fleet starts and answers for instead.
 */
final class ConsumerFleet {
    static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(60);

    private final LoadRun run;
    private final WorkloadSpec spec;
    private final NanoClock clock;
    // Copy-on-write: a stop request iterates them on a signal thread while the run may still be adding consumers.
    private final List<ConsumerWorker> members = new CopyOnWriteArrayList<>();
    private final List<ConsumerLoop> all = new CopyOnWriteArrayList<>();
    /** Each group consumer's own figures, in consumer order. */
    private final List<ConsumerTally> tallies = new CopyOnWriteArrayList<>();
    /** Threads of consumers a schedule started during the run, joined at its end. */
    private final List<Thread> changeThreads = new CopyOnWriteArrayList<>();
    /** Partitions currently assigned across all group consumers; producers start once it covers the topic. */
    private final AtomicInteger assignedPartitions = new AtomicInteger();
    /** The consumers' driver process when consumers.client is not java, else null. */
    private volatile DriverConsumers driver;

    ConsumerFleet(LoadRun run) {
        this.run = run;
        this.spec = run.spec();
        this.clock = run.clock();
    }

    /**
     * Creates group consumers {@code first} to {@code first + count - 1} reading in {@code mode}, runs
     * {@code beforeStart} and starts them; returns their threads. Live consumers measure end-to-end latency, backlog
     * ones count what they read.
     */
    List<Thread> startGroup(ReadMode mode, int first, int count, Runnable beforeStart) {
        return startGroup(mode, first, count, beforeStart, ReadLimit.NONE);
    }

    /** As {@link #startGroup(ReadMode, int, int, Runnable)}, each consumer stopping itself once {@code limit} is read. */
    List<Thread> startGroup(ReadMode mode, int first, int count, Runnable beforeStart, ReadLimit limit) {
        if (spec.consumers().client().external()) {
            // The spec lets another client run live consumers only: no backlog, limit, changes or pause.
            beforeStart.run();
            DriverConsumers d = new DriverConsumers(run);
            List<Thread> follower = d.start(first, count);
            driver = d;
            return follower;
        }
        List<ConsumerWorker> added = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            ConsumerTally tally = new ConsumerTally(i, run.breakdown(), run.transactions());
            tallies.add(tally);
            ConsumerWorker w = member(mode, i, tally, topicPattern());
            w.stopAt(limit);
            added.add(w);
        }
        beforeStart.run();
        return start(added, first, "kbench-consumer-");
    }

    private ConsumerWorker member(ReadMode mode, int index, ConsumerTally tally, Pattern pattern) {
        try {
            ConsumerWorker w = new ConsumerWorker(run, mode,
                    run.clients().consumer(consumerProperties(), run.consumerGroup(), spec.consumers().mode(), index),
                    pattern, assignedPartitions, tally);
            members.add(w);
            all.add(w);
            return w;
        } catch (KafkaException e) {
            throw ClientFailure.of(e);
        }
    }

    /** Counts a share consumer among this run's consumers. */
    void enlist(ShareConsumerWorker shareConsumer) {
        all.add(shareConsumer);
    }

    /** Starts {@code added}, named by their workload-wide index from {@code first}; stopped at once after a stop. */
    List<Thread> start(List<? extends ConsumerLoop> added, int first, String name) {
        if (run.stop().requested()) {
            added.forEach(ConsumerLoop::stopNow);
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < added.size(); i++) {
            threads.add(StopSignal.start(added.get(i), name + (first + i)));
        }
        return threads;
    }

    /** The consumer properties with the group protocol of the workload, when it names one. */
    private Map<String, String> consumerProperties() {
        if (spec.consumers().groupProtocol() == null) {
            return spec.consumers().properties();
        }
        Map<String, String> p = new HashMap<>(spec.consumers().properties());
        p.put("group.protocol", spec.consumers().groupProtocol().property());
        return p;
    }

    private Pattern topicPattern() {
        String regex = spec.consumers().topicPattern();
        return regex == null ? null : Pattern.compile(regex);
    }

    int assignedPartitions() {
        DriverConsumers d = driver;
        return d != null ? d.stream().assignedPartitions() : assignedPartitions.get();
    }

    /** The common start is fixed: a driver's consumers count their intervals from it. */
    void started(long startNanos) {
        DriverConsumers d = driver;
        if (d != null) {
            d.started(startNanos);
        }
    }

    /** The consumers' driver, whose intervals merge into kbench's own; null for Java consumers. */
    DriverStream driver() {
        DriverConsumers d = driver;
        return d == null ? null : d.stream();
    }

    /** Releases a driver process still running (a failure path); nothing for Java consumers. */
    void close() {
        DriverConsumers d = driver;
        if (d != null) {
            d.stream().close();
        }
    }

    /** Waits until the group consumers hold all {@code partitions}; a consumer failure or the timeout fails the run. */
    void awaitAssignment(int partitions) {
        StopSignal stop = run.stop();
        long deadline = clock.nanoTime() + ASSIGNMENT_TIMEOUT.toNanos();
        while (assignedPartitions() < partitions && !stop.requested()) {
            if (clock.nanoTime() > deadline) {
                throw new RunFailedException("consumers were not assigned all " + partitions + " partitions of "
                        + spec.topic().name() + " within " + ASSIGNMENT_TIMEOUT.toSeconds() + " s");
            }
            Throwable f = members.stream().map(ConsumerLoop::failure).filter(x -> x != null).findFirst().orElse(null);
            if (driver != null && driver.stream().failure() != null) {
                throw new RunFailedException(driver.stream().failure());
            }
            if (f != null) {
                throw new RunFailedException("consumer failed: " + f.getMessage(), f);
            }
            StopSignal.sleep(50);
        }
    }

    /**
     * The schedule of consumers.changes, or null without changes; consumers it adds get the next indexes and no
     * breakdown tally. {@code measuredStartNanos}: where the changes' times count from.
     */
    ConsumerSchedule changes(int partitions, LongSupplier measuredStartNanos) {
        if (spec.consumers().changes().isEmpty()) {
            return null;
        }
        PartitionGaps gaps = new PartitionGaps(partitions);
        members.forEach(c -> c.trackGaps(gaps));
        ConsumerSchedule.Group changing = new ConsumerSchedule.Group() {
            @Override
            public void add() {
                ConsumerWorker w = member(ReadMode.LIVE, members.size(), ConsumerTally.NONE, null);
                w.trackGaps(gaps);
                changeThreads.add(StopSignal.start(w, "kbench-consumer-" + (members.size() - 1)));
            }

            @Override
            public void removeLatest() {
                for (int i = members.size() - 1; i >= 0; i--) {
                    if (members.get(i).running()) {
                        members.get(i).requestStop();
                        return;
                    }
                }
            }
        };
        String protocol = spec.consumers().groupProtocol() != null ? spec.consumers().groupProtocol().property()
                : consumerProperties().getOrDefault("group.protocol", "classic");
        return new ConsumerSchedule(spec.consumers().changes(), spec.consumers().count(), gaps, changing, clock,
                measuredStartNanos, protocol);
    }

    /** Pauses or resumes fetching in every group consumer, each from its next poll (consumers.pause). */
    void fetching(FetchState state) {
        members.forEach(m -> m.fetching(state));
    }

    /** Asks every consumer to stop after its current poll (the run ends normally). */
    void requestStop() {
        all.forEach(ConsumerLoop::requestStop);
        if (driver != null) {
            driver.requestStop();
        }
    }

    /** Stops every consumer with a short close (Ctrl-C). */
    void stopNow() {
        all.forEach(ConsumerLoop::stopNow);
        if (driver != null) {
            driver.stopNow();
        }
    }

    /** Waits for the threads the consumer changes started. */
    void joinChanges(Duration timeout) {
        run.stop().join(changeThreads, timeout);
    }

    boolean isEmpty() {
        return all.isEmpty() && driver == null;
    }

    /** Whether consumer-group consumers (not share consumers) ran. */
    boolean hasGroupConsumers() {
        return !members.isEmpty() || driver != null;
    }

    /** When the first measured record was consumed (any consumer), or Long.MAX_VALUE. */
    long firstRecordNanos() {
        return Math.min(driverFirst(), all.stream().mapToLong(ConsumerLoop::firstRecordNanos).min().orElse(Long.MAX_VALUE));
    }

    /** When the last measured record was consumed (any consumer), or Long.MIN_VALUE. */
    long lastRecordNanos() {
        return Math.max(driverLast(), all.stream().mapToLong(ConsumerLoop::lastRecordNanos).max().orElse(Long.MIN_VALUE));
    }

    /** The group consumers' first measured record, or Long.MAX_VALUE. */
    long groupFirstRecordNanos() {
        return Math.min(driverFirst(), members.stream().mapToLong(ConsumerLoop::firstRecordNanos).min()
                .orElse(Long.MAX_VALUE));
    }

    /** The group consumers' last measured record, or Long.MIN_VALUE. */
    long groupLastRecordNanos() {
        return Math.max(driverLast(), members.stream().mapToLong(ConsumerLoop::lastRecordNanos).max()
                .orElse(Long.MIN_VALUE));
    }

    private long driverFirst() {
        DriverConsumers d = driver;
        return d == null ? Long.MAX_VALUE : d.stream().firstRecordNanos();
    }

    private long driverLast() {
        DriverConsumers d = driver;
        return d == null ? Long.MIN_VALUE : d.stream().lastRecordNanos();
    }

    /** The longest group-join time of the group consumers so far. */
    long rebalanceMillis() {
        return members.stream().mapToLong(ConsumerWorker::rebalanceMillis).max().orElse(0);
    }

    List<ConsumerTally> tallies() {
        return tallies;
    }

    /** The first consumer's failure as a one-line reason, or null; group consumers first. */
    String failure() {
        DriverConsumers d = driver;
        if (d != null && d.stream().failure() != null) {
            return d.stream().failure();
        }
        for (ConsumerLoop w : members) {
            if (w.failure() != null) {
                return "consumer failed: " + w.failure().getMessage();
            }
        }
        for (ConsumerLoop w : all) {
            if (!(w instanceof ConsumerWorker) && w.failure() != null) {
                return "share consumer failed: " + w.failure().getMessage();
            }
        }
        return null;
    }
}
