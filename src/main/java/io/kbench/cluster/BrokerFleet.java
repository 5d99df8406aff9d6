package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The running broker processes of one cluster and the fault actions on them (kill, terminate, pause, resume,
 * restart). Every pause holds a {@link PauseGuard}, released on resume, kill and close, so no broker stays stopped.
 */
final class BrokerFleet {
    /** The current process of each node, in node id order; a restart replaces an entry. */
    private final List<BrokerProcess> brokers;
    private final BrokerLauncher launcher;
    private final List<Map<String, String>> configs;
    private final Path dataDir;
    /** The launcher of each node that a roll restarted on another release, by node id; the others use {@link #launcher}. */
    private final Map<Integer, BrokerLauncher> relaunched = new ConcurrentHashMap<>();
    /** Brokers a fault has SIGSTOPped, by node id, with the guard that resumes them if kbench dies. */
    private final Map<Integer, PauseGuard> paused = new TreeMap<>();
    private boolean closed;

    BrokerFleet(List<BrokerProcess> brokers, BrokerLauncher launcher, List<Map<String, String>> configs,
                Path dataDir) {
        this.brokers = new CopyOnWriteArrayList<>(brokers);
        this.launcher = launcher;
        this.configs = new CopyOnWriteArrayList<>(configs);
        this.dataDir = dataDir;
    }

    /** The current processes, in node id order; safe to read while a restart replaces one. */
    List<BrokerProcess> processes() {
        return brokers;
    }

    boolean isRunning(int id) {
        return broker(id).isAlive();
    }

    synchronized boolean isPaused(int id) {
        return paused.containsKey(id);
    }

    /** SIGKILL to broker {@code id}; returns once it is gone. */
    synchronized void kill(int id) {
        BrokerProcess b = broker(id);
        b.process().destroyForcibly();
        try {
            b.process().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        releasePause(id);
    }

    /** SIGTERM to broker {@code id} (a controlled shutdown); does not wait for it to finish. */
    synchronized void terminate(int id) {
        broker(id);
        if (paused.containsKey(id)) {
            resume(id);
        }
        // Through the process handle: Process.destroy also closes the broker's stdin, which BrokerMain's watchdog
        // reads as "kbench died"; that broker then deleted the whole temporary cluster directory, the other brokers'
        // data included (a roll on a loaded machine, 2026-11-30: "all log dirs ... have failed" on brokers 1 and 3).
        broker(id).process().toHandle().destroy();
    }

    /** SIGSTOP to broker {@code id}; it stays stopped until {@link #resume}, a kill, or {@link #close}. */
    synchronized void pause(int id) {
        BrokerProcess b = broker(id);
        if (closed || paused.containsKey(id) || !b.isAlive()) {
            return;
        }
        paused.put(id, PauseGuard.watch(b.pid()));
        Signals.send("STOP", b.pid());
    }

    /** SIGCONT to a broker {@link #pause} stopped; nothing when it is not paused. */
    synchronized void resume(int id) {
        BrokerProcess b = broker(id);
        if (!paused.containsKey(id)) {
            return;
        }
        if (b.isAlive()) {
            Signals.send("CONT", b.pid());
        }
        releasePause(id);
    }

    /** The Kafka release broker {@code id} was last launched on. */
    String kafkaVersion(int id) {
        return launcher(id).runtime().kafkaVersion();
    }

    private BrokerLauncher launcher(int id) {
        return relaunched.getOrDefault(id, launcher);
    }

    /**
     * Starts broker {@code id} again, its config changed by {@code change} from here on (a later restart keeps it), same
     * data dir and ports, on the release {@code change} names (from here on too) or the one it ran; see
     * EmbeddedCluster.restart.
     */
    synchronized void restart(int id, BrokerChange change) {
        if (closed) {
            throw new IllegalStateException("cluster is closed");
        }
        BrokerProcess old = broker(id);
        if (paused.containsKey(id)) {
            resume(id);
        }
        if (old.isAlive()) {
            ProcessStopper.stop(List.of(old.process().toHandle()), ProcessStopper.DEFAULT_GRACE);
        }
        old.closeInput();
        int index = indexOf(id);
        configs.set(index, change.applyTo(configs.get(index)));
        BrokerLauncher on = launcher(id).on(change.kafkaVersion());
        BrokerProcess started = on.launch(old.node(), configs.get(index));
        if (on != launcher) {
            relaunched.put(id, on);
        } else {
            relaunched.remove(id);
        }
        brokers.set(index, started);
        // cluster.json names the live pid, so 'kbench cluster status|stop' and users find the restarted broker.
        ClusterState.read(dataDir).ifPresent(state -> state.withPid(id, started.pid()).write(dataDir));
    }

    /**
     * Launches a node that was not part of the start (add-broker); from here on it is one of the fleet, stopped with
     * the others. Returns its process; the caller waits for it to register.
     */
    synchronized BrokerProcess add(BrokerNode node, Map<String, String> config) {
        if (closed) {
            throw new IllegalStateException("cluster is closed");
        }
        if (indexOf(node.id()) >= 0) {
            throw new IllegalArgumentException("broker " + node.id() + " is already in this cluster");
        }
        BrokerProcess started = launcher.launch(node, config);
        configs.add(config);
        brokers.add(started);
        return started;
    }

    /** Stops broker {@code id} for good (SIGTERM: a controlled shutdown, then SIGKILL after the grace); waits. */
    synchronized void stop(int id) {
        BrokerProcess b = broker(id);
        if (paused.containsKey(id)) {
            resume(id);
        }
        ProcessStopper.stop(List.of(b.process().toHandle()), ProcessStopper.DEFAULT_GRACE);
        b.closeInput();
    }

    /**
     * Resumes every paused broker and stops them all; later pauses do nothing and restarts fail. A broker that cannot
     * be resumed is killed instead, the others are stopped all the same, and then that failure is thrown.
     */
    synchronized void close(Duration grace) {
        closed = true;
        RunFailedException failed = null;
        for (int id : List.copyOf(paused.keySet())) {
            // A stopped process does not act on SIGTERM: it must run again before it can shut down.
            try {
                resume(id);
            } catch (RuntimeException e) {
                // SIGCONT did not go out (kill failed, timed out, or this thread was interrupted). SIGKILL ends a
                // stopped process too; skipping the rest would leave every broker, and what the cluster closes after
                // them, behind.
                broker(id).process().destroyForcibly();
                releasePause(id);
                if (failed == null) {
                    failed = new RunFailedException("broker " + id + " was paused and could not be resumed, so it was"
                            + " killed: " + e.getMessage(), e);
                }
            }
        }
        BrokerProcess.stopAll(brokers, grace);
        if (failed != null) {
            throw failed;
        }
    }

    private int indexOf(int id) {
        for (int i = 0; i < brokers.size(); i++) {
            if (brokers.get(i).node().id() == id) {
                return i;
            }
        }
        return -1;
    }

    private BrokerProcess broker(int id) {
        return brokers.stream().filter(b -> b.node().id() == id).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no broker " + id + " in this cluster"));
    }

    private void releasePause(int id) {
        PauseGuard guard = paused.remove(id);
        if (guard != null) {
            guard.release();
        }
    }
}
