package io.kbench.cluster;

import io.kbench.cluster.network.NetworkProxies;
import io.kbench.error.RunFailedException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** One start attempt: owns everything it launched until the cluster is handed over or cleaned up. */
final class ClusterStarter {
    /** Starts on fresh ports after a broker lost one to another process; more would hide a real problem. */
    static final int START_ATTEMPTS = 3;

    private final ClusterParams params;
    private final boolean attached;
    private final PrintStream progress;
    private final Duration readyTimeout;
    private final NetworkProxies proxies;
    // The startup shutdown hook reads this list while the starting thread still adds to it.
    private final List<BrokerProcess> started = new CopyOnWriteArrayList<>();
    /** The emulated storage, once mounted; released with the brokers on a failed start. */
    private volatile StorageMounts storage;

    ClusterStarter(ClusterParams params, boolean attached, PrintStream progress, Duration readyTimeout,
                   boolean networkProxies) {
        this.params = params;
        this.attached = attached;
        this.progress = progress;
        this.readyTimeout = readyTimeout;
        this.proxies = networkProxies ? new NetworkProxies() : null;
        if (proxies != null) {
            // Known from the first launch on: the readiness probe's topic already opens the followers' fetch
            // connections, which Kafka's fetchers reuse for the workload's partitions of the same leader. Identified
            // only later, those stayed "unknown source" for good, and a fault on a follower's replication then missed
            // its fetches whenever the workload's leader was the probe topic's.
            proxies.identifyPeersBy(this::launchedByPid);
        }
    }

    private Map<Long, Integer> launchedByPid() {
        Map<Long, Integer> byPid = new HashMap<>();
        started.forEach(b -> byPid.put(b.pid(), b.node().id()));
        return byPid;
    }

    EmbeddedCluster start() {
        ClusterLayout layout = ClusterLayout.prepare(params, attached, proxies != null);
        ClusterSecurity security = layout.security();
        progress.printf("cluster: starting %d broker%s (%s, JDK %s%s) in %s%n", layout.nodes().size(),
                layout.nodes().size() == 1 ? "" : "s", layout.runtime().describe(), layout.runtime().java().version(),
                (security.secured() ? ", " + security.describe() : "")
                        + (proxies != null ? ", behind kbench's network proxies" : ""), layout.dataDir());
        long t0 = System.nanoTime();
        ShutdownHook hook = null;
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    hook = launchAndAwait(layout);
                    break;
                } catch (RunFailedException e) {
                    if (attempt == START_ATTEMPTS || started.stream().noneMatch(BrokerProcess::lostAPort)) {
                        throw e;
                    }
                    progress.printf("cluster: %s; starting again on other ports%n", e.getMessage());
                    started.clear();
                    layout = layout.withNewPorts();
                }
            }
        } catch (RuntimeException | Error e) {
            if (proxies != null) {
                proxies.close();
            }
            removeTempDir(layout);
            throw e;
        }
        Duration startupTime = Duration.ofNanos(System.nanoTime() - t0);
        EmbeddedCluster cluster = new EmbeddedCluster(layout,
                new BrokerFleet(started, layout.launcher(), layout.configs(), layout.dataDir()), startupTime, proxies, storage);
        if (attached) {
            // From here on the hook must close the cluster itself, which also removes its state and temp dir.
            cluster.installShutdownHook();
            hook.remove();
        }
        try {
            layout.state(started).write(layout.dataDir());
            JmxAddressFile.write(layout.dataDir(), cluster.jmxAddresses());
        } catch (RuntimeException | Error e) {
            // Without cluster.json nothing could find and stop a detached cluster later: stop it now.
            cluster.close();
            throw e;
        }
        progress.printf(Locale.ROOT, "cluster: ready in %.1f s at %s%n", startupTime.toMillis() / 1000.0,
                layout.bootstrap());
        return cluster;
    }

    /** Launches every broker and waits until the cluster is ready; returns the startup hook (null if detached). */
    private ShutdownHook launchAndAwait(ClusterLayout layout) {
        ShutdownHook hook = null;
        try {
            if (attached) {
                // Registered before the first launch so Ctrl-C during startup leaves no broker behind.
                hook = ShutdownHook.install(this::stopStarted);
            }
            if (proxies != null) {
                layout.openProxies(proxies);
            }
            if (params.storage() != null) {
                storage = StorageMounts.mount(params.storage(), layout.dataDir(),
                        layout.nodes().stream().map(BrokerNode::id).toList(), layout.clusterId(), layout.logDir(), progress);
            }
            for (int i = 0; i < layout.nodes().size(); i++) {
                started.add(layout.launcher().launch(layout.nodes().get(i), layout.configs().get(i)));
            }
            new ReadinessProbe(layout.bootstrap(), started, layout.adminProperties()).await(readyTimeout);
            if (layout.security().acls() != null) {
                int acls = AclSetup.create(layout.bootstrap(), layout.adminProperties(), layout.security());
                progress.printf("cluster: %d ACL(s) created, StandardAuthorizer on every node%n", acls);
            }
            return hook;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort(hook, layout);
            throw new RunFailedException("interrupted while starting the cluster", e);
        } catch (RuntimeException | Error e) {
            abort(hook, layout);
            throw e;
        }
    }

    private void stopStarted() {
        BrokerProcess.stopAll(started, ProcessStopper.DEFAULT_GRACE);
        if (proxies != null) {
            proxies.close();
        }
        // After the brokers: a mount in use cannot go.
        if (storage != null) {
            storage.release();
        }
    }

    /**
     * After a start that gave up: a temporary cluster directory goes, unless it holds the broker logs the error points
     * at. Without this the JMX password and access files kbench wrote before the first launch stayed behind.
     */
    private void removeTempDir(ClusterLayout layout) {
        if (!layout.temp() || params.keepData()) {
            return;
        }
        if (layout.logDir().startsWith(layout.dataDir())) {
            JmxAccess.delete(layout.dataDir());
        } else {
            DataDirectory.delete(layout.dataDir());
        }
    }

    /** A start attempt that failed: its brokers stopped, its proxies closed but ready for another attempt. */
    private void abort(ShutdownHook hook, ClusterLayout layout) {
        if (hook != null) {
            hook.remove();
        }
        BrokerProcess.stopAll(started, ProcessStopper.DEFAULT_GRACE);
        if (proxies != null) {
            proxies.reset();
        }
        // After the brokers: a mount in use cannot go.
        if (storage != null) {
            storage.release();
            storage = null;
        }
        if (layout.temp() && !params.keepData()) {
            // Keep the logs: the error message points at them.
            for (BrokerProcess b : started) {
                DataDirectory.delete(BrokerConfigs.nodeDir(layout.dataDir(), b.node()));
            }
        }
    }
}
