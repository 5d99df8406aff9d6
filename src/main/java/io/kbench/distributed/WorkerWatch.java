package io.kbench.distributed;

import io.kbench.result.run.WorkerStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The workers of one distributed run as the coordinator hears them: it reads their messages, keeps their state,
 * finds the ones that stopped heartbeating and records the first failure. It also tells the workers every second
 * that the coordinator is still there. Touched only by the coordinator's thread.
 */
final class WorkerWatch {
    /** A worker silent this long is lost: heartbeats come every 500 ms, so this is ten missed in a row. */
    static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration POLL = Duration.ofMillis(50);

    private final Channel channel;
    private final String runId;
    private final boolean tolerateWorkerLoss;
    private final Map<String, WorkerState> workers = new LinkedHashMap<>();
    /** Null until the start: intervals before it are not merged. */
    private WorkerIntervalMerger merger;
    private String failure;
    /** Whether this coordinator told the workers to stop: an interrupted report after that is its own doing. */
    private boolean stopSent;
    /** Lines for the coordinator's log, said once each: workers that stopped without being told to. */
    private final List<String> notes = new ArrayList<>();
    private long lastAliveNanos = System.nanoTime();

    WorkerWatch(Channel channel, String runId, boolean tolerateWorkerLoss) {
        this.channel = channel;
        this.runId = runId;
        this.tolerateWorkerLoss = tolerateWorkerLoss;
    }

    /** Adds a joined worker; false when it had joined already. */
    boolean add(WorkerState worker) {
        return workers.putIfAbsent(worker.join.workerId(), worker) == null;
    }

    int size() {
        return workers.size();
    }

    Set<String> ids() {
        return workers.keySet();
    }

    /** In join order. */
    Collection<WorkerState> all() {
        return workers.values();
    }

    boolean anyRunning() {
        return workers.values().stream().anyMatch(WorkerState::running);
    }

    /** From now on intervals go to {@code merger}, and lost or finished workers are closed in it. */
    void mergeInto(WorkerIntervalMerger merger) {
        this.merger = merger;
    }

    /** The first failure (a worker's, a lost worker's or the coordinator's), or null. */
    String failure() {
        return failure;
    }

    /** From now on an interrupted worker was stopped by this coordinator. */
    void stopSent() {
        stopSent = true;
    }

    /** What happened since the last call that the coordinator's log should say; each line once. */
    List<String> takeNotes() {
        List<String> taken = List.copyOf(notes);
        notes.clear();
        return taken;
    }

    void fail(String reason) {
        if (failure == null) {
            failure = reason;
        }
    }

    /** Reads the workers' messages; also tells them every second that this coordinator is still there. */
    void receive() {
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
            handle(w, m);
        }
    }

    /** One worker's message; the channel let through only authenticated, well-formed ones of this run. */
    void handle(WorkerState w, Message m) {
        if (m instanceof Message.Heartbeat h) {
            w.heartbeat(h);
        } else if (m instanceof Message.Interval i && merger != null) {
            merger.add(i);
        } else if (m instanceof Message.Done d) {
            w.done = d;
            if (merger != null) {
                merger.closed(d.workerId());
            }
            if (d.status() == WorkerStatus.FAILED) {
                fail("worker " + d.workerId() + ": " + ControlCodec.Text.line(d.failure()));
            } else if (d.status() == WorkerStatus.INTERRUPTED && !stopSent) {
                stoppedEarly(d);
            }
        }
    }

    /**
     * A worker ended its slice interrupted though this coordinator did not stop it: its own SIGTERM, 15 s without
     * hearing this coordinator, or a stop sealed by another holder of the key. Its share of the load is missing from
     * here on, so the run fails naming it and its reason, as for a lost worker (unless worker loss is tolerated).
     */
    private void stoppedEarly(Message.Done d) {
        String why = "worker " + d.workerId() + " stopped before the run ended: "
                + (d.failure() == null ? "it gave no reason" : ControlCodec.Text.line(d.failure()));
        notes.add(why + (tolerateWorkerLoss ? "; the run goes on without it (--tolerate-worker-loss)" : ""));
        if (!tolerateWorkerLoss) {
            fail(why);
        }
    }

    private WorkerState workerOf(Message m) {
        return m.workerId() == null ? null : workers.get(m.workerId());
    }

    /** A running worker silent for longer than {@link #HEARTBEAT_TIMEOUT}, or null. */
    String lostWorker() {
        long now = System.nanoTime();
        return workers.values().stream().filter(WorkerState::running)
                .filter(w -> now - w.lastSeenNanos > HEARTBEAT_TIMEOUT.toNanos())
                .map(w -> w.join.workerId()).findFirst().orElse(null);
    }

    /** Marks {@code id} lost and closes it in the merge; the run fails unless worker loss is tolerated. */
    void lose(String id) {
        workers.get(id).lost = true;
        if (merger != null) {
            merger.closed(id);
        }
        if (!tolerateWorkerLoss) {
            fail(lostMessage(id));
        }
    }

    /** After a stop's grace: every worker that has not reported is left out. */
    void loseRunning() {
        List<WorkerState> running = workers.values().stream().filter(WorkerState::running).toList();
        for (WorkerState w : running) {
            w.lost = true;
            if (merger != null) {
                merger.closed(w.join.workerId());
            }
        }
    }

    String lostMessage(String id) {
        return "worker " + id + " stopped heartbeating (nothing for " + HEARTBEAT_TIMEOUT.toSeconds() + " s)"
                + (tolerateWorkerLoss ? "; the run goes on without it (--tolerate-worker-loss)" : "");
    }
}
