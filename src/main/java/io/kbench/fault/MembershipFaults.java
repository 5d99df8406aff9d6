package io.kbench.fault;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.measure.SendWindows;
import io.kbench.result.run.ReassignmentFigures;
import io.kbench.spec.FaultSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;

/**
 * The faults that change which brokers hold which replicas: add-broker (synchronous: its window ends when the new
 * broker has registered), reassign and remove-broker (the move is submitted when the fault fires; a watcher thread
 * waits until listPartitionReassignments is empty and the metadata shows the target replicas, measures what moved,
 * lifts the throttle, and for remove-broker stops and unregisters the broker; the fault's window ends then).
 * {@link #close} stops the watchers: a move still running at the end of the run is reported as such, its throttle
 * lifted, and a leaving broker kept.
 */
final class MembershipFaults {
    /** How long an added broker may take to register (a JVM start and a KRaft registration). */
    static final Duration JOIN_TIMEOUT = EmbeddedCluster.DEFAULT_READY_TIMEOUT;
    private static final long POLL_MILLIS = 200;

    private final EmbeddedCluster cluster;
    private final ReassignmentAdmin admin;
    private final String topic;
    private final FaultClock clock;
    private final SendWindows windows;
    private final Map<Integer, Move> moves = new ConcurrentHashMap<>();
    private final Map<Integer, Long> ends = new ConcurrentHashMap<>();
    private volatile boolean closing;

    /** One move in progress; its fields are written by its watcher, read after the watcher ended. */
    private static final class Move {
        final Map<TopicPartition, List<Integer>> current;
        final Map<TopicPartition, List<Integer>> target;
        final Map<TopicPartition, Set<Integer>> added;
        final Long throttle;
        final long startNanos;
        volatile Long doneNanos;
        volatile Long bytes;
        volatile String error;
        Thread watcher;

        Move(Map<TopicPartition, List<Integer>> current, Map<TopicPartition, List<Integer>> target, Long throttle,
             long startNanos) {
            this.current = current;
            this.target = target;
            this.added = ReplicaMoves.added(current, target);
            this.throttle = throttle;
            this.startNanos = startNanos;
        }
    }

    MembershipFaults(EmbeddedCluster cluster, ReassignmentAdmin admin, String topic, FaultClock clock,
                     SendWindows windows) {
        this.cluster = cluster;
        this.admin = admin;
        this.topic = topic;
        this.clock = clock;
        this.windows = windows;
    }

    /**
     * Fires fault {@code index}, whose window is open from {@code at}; {@code target} is the resolved broker of a
     * remove-broker. Returns the broker the fault is about (the added or the leaving one), null for reassign.
     */
    Integer start(int index, FaultSpec f, Integer target, int window, long at) {
        switch (f.action()) {
            case ADD_BROKER -> {
                int id = cluster.addBroker(JOIN_TIMEOUT);
                long joined = clock.nanoTime();
                ends.put(index, joined);
                windows.close(window, joined);
                return id;
            }
            case REASSIGN -> {
                Map<TopicPartition, List<Integer>> current = admin.assignment(List.of(topic));
                move(index, f, current, f.plan() == null ? ReplicaMoves.spread(current, admin.liveBrokers())
                        : ReplicaMoves.plan(topic, f.partitionPlan(), current), null, window, at);
                return null;
            }
            case REMOVE_BROKER -> {
                Map<TopicPartition, List<Integer>> current = admin.assignment(admin.allTopics());
                move(index, f, current, ReplicaMoves.awayFrom(current, target, admin.liveBrokers()), target, window, at);
                return target;
            }
            default -> throw new IllegalArgumentException("not a membership fault: " + f.action());
        }
    }

    /**
     * Waits until every move started earlier has ended: a new reassignment of a partition still moving would replace
     * the earlier one (KIP-455), and its target would be computed from replicas half-way. The scheduler waits with it,
     * as it does for a joining broker, and the fault's window opens after it. Throws when the run ends first.
     */
    void awaitEarlierMoves() {
        try {
            while (!closing && moves.values().stream().anyMatch(m -> m.watcher.isAlive())) {
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while an earlier move was in progress", e);
        }
        if (closing) {
            throw new IllegalStateException("the run ended while an earlier move was still in progress");
        }
    }

    private void move(int index, FaultSpec f, Map<TopicPartition, List<Integer>> current,
                      Map<TopicPartition, List<Integer>> target, Integer leaving, int window, long at) {
        Move m = new Move(current, target, f.throttle() == null ? null : f.throttle().bytesPerSec(), at);
        if (m.throttle != null && !m.added.isEmpty()) {
            admin.throttle(m.throttle, current, m.added);
        }
        try {
            if (!target.isEmpty()) {
                admin.start(target);
            }
        } catch (RuntimeException e) {
            liftThrottle(m);
            throw e;
        }
        moves.put(index, m);
        m.watcher = new Thread(() -> watch(index, m, leaving, window), "kbench-reassign-" + index);
        m.watcher.setDaemon(true);
        m.watcher.start();
    }

    /** Waits for the move, then measures it, lifts the throttle and lets a leaving broker go. */
    private void watch(int index, Move m, Integer leaving, int window) {
        try {
            String pending = pending(m);
            while (!closing && pending != null) {
                Thread.sleep(POLL_MILLIS);
                pending = pending(m);
            }
            if (pending != null) {
                m.error = "still moving at the end of the run (" + pending + ")"
                        + (leaving == null ? "" : ": broker " + leaving + " kept");
                return;
            }
            m.doneNanos = clock.nanoTime();
            m.bytes = m.added.isEmpty() ? 0L : admin.addedBytes(m.added);
            liftThrottle(m);
            if (leaving != null) {
                cluster.stopBroker(leaving);
                admin.unregister(leaving);
            }
            long end = clock.nanoTime();
            ends.put(index, end);
            windows.close(window, end);
        } catch (InterruptedException e) {
            m.error = "interrupted while moving";
        } catch (RuntimeException e) {
            m.error = e.getMessage();
        } finally {
            if (m.doneNanos == null) {
                liftThrottle(m);
            }
        }
    }

    /**
     * What the move still waits for, or null once it completed: the controller lists no reassignment of its partitions
     * and the brokers' metadata shows the target replicas (it lags the controller; see {@link ReplicaMoves#notInPlace}).
     * Throws when a moved partition is gone (listPartitionReassignments is empty then too).
     */
    private String pending(Move m) {
        int reassigning = admin.reassigning(m.target.keySet());
        if (reassigning > 0) {
            return "the controller still reassigns " + reassigning + " of them";
        }
        return ReplicaMoves.notInPlace(m.target, admin.assignment(
                m.target.keySet().stream().map(TopicPartition::topic).distinct().toList()));
    }

    private void liftThrottle(Move m) {
        if (m.throttle == null) {
            return;
        }
        try {
            admin.removeThrottle(m.target.keySet().stream().map(TopicPartition::topic).distinct().toList());
        } catch (RuntimeException e) {
            m.error = m.error != null ? m.error : "throttle not removed: " + e.getMessage();
        }
    }

    /** When fault {@code index} ended (joined, moved and let go), or null. */
    Long endNanos(int index) {
        return ends.get(index);
    }

    String error(int index) {
        Move m = moves.get(index);
        return m == null ? null : m.error;
    }

    /** What fault {@code index} moved, or null when it moved nothing (or is no move). */
    ReassignmentFigures figures(int index) {
        Move m = moves.get(index);
        if (m == null) {
            return null;
        }
        List<Integer> to = m.added.values().stream().flatMap(Set::stream).distinct().sorted().toList();
        Double movedSec = m.doneNanos == null ? null : Math.round((m.doneNanos - m.startNanos) / 1e6) / 1000.0;
        return new ReassignmentFigures(m.target.size(), m.added.values().stream().mapToInt(Set::size).sum(), to,
                movedSec, m.bytes, m.throttle);
    }

    /**
     * The run is ending: moves stop being waited for (a fault waiting for an earlier move does not fire). Called before
     * the scheduler is stopped, which waits for a fault being fired.
     */
    void stopWaiting() {
        closing = true;
    }

    /** Stops waiting for moves still in progress (their watchers lift the throttle and return). */
    void close() {
        closing = true;
        for (Move m : moves.values()) {
            try {
                // A leaving broker's controlled shutdown takes up to the stop grace (20 s).
                m.watcher.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
