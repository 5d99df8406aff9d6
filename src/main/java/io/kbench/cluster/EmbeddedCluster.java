package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.network.NetworkProxies;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.AppInfoParser;

/** A Kafka cluster (KRaft) whose brokers are child JVMs of kbench, started and stopped as one unit. */
public final class EmbeddedCluster implements AutoCloseable {
    /** How long {@link #start(ClusterParams, boolean, PrintStream)} waits for the cluster to become ready. */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(90);
    /** The client settings file {@code kbench cluster start} writes into a secured cluster's directory. */
    public static final String CLIENT_PROPERTIES = "client.properties";
    /** What a TLS cluster's certificates are: a throwaway CA and its broker and client certificates. */
    public static final String TLS_CERTIFICATES = "generated per start: throwaway CA, " + TlsMaterial.KEY_DESCRIPTION
            + ", SAN 127.0.0.1/localhost";

    private final ClusterParams params;
    private final Path dataDir;
    private final boolean tempDataDir;
    /** The current process of each node, in node id order; a restart replaces an entry. */
    private final List<BrokerProcess> brokers;
    private final BrokerLauncher launcher;
    private final List<Map<String, String>> configs;
    /** Brokers a fault has SIGSTOPped, by node id, with the guard that resumes them if kbench dies. */
    private final Map<Integer, PauseGuard> paused = new TreeMap<>();
    private final String bootstrapServers;
    private final Map<String, String> effectiveBrokerConfig;
    private final JavaRuntime java;
    private final Duration startupTime;
    private final ClusterSecurity security;
    private final Map<String, String> clientProperties;
    /** kbench's proxies in front of the listeners (network faults); null when the brokers are reached directly. */
    private final NetworkProxies proxies;
    private Thread shutdownHook;
    private boolean closed;

    private EmbeddedCluster(ClusterParams params, Path dataDir, boolean tempDataDir, List<BrokerProcess> brokers,
                            String bootstrapServers, Map<String, String> effectiveBrokerConfig, JavaRuntime java,
                            Duration startupTime, BrokerLauncher launcher, List<Map<String, String>> configs,
                            ClusterSecurity security, Map<String, String> clientProperties, NetworkProxies proxies) {
        this.params = params;
        this.dataDir = dataDir;
        this.tempDataDir = tempDataDir;
        this.brokers = new CopyOnWriteArrayList<>(brokers);
        this.launcher = launcher;
        this.configs = List.copyOf(configs);
        this.bootstrapServers = bootstrapServers;
        this.effectiveBrokerConfig = Collections.unmodifiableMap(new TreeMap<>(effectiveBrokerConfig));
        this.java = java;
        this.startupTime = startupTime;
        this.security = security;
        this.clientProperties = Collections.unmodifiableMap(new TreeMap<>(clientProperties));
        this.proxies = proxies;
        if (proxies != null) {
            proxies.identifyPeersBy(this::brokerByPid);
        }
    }

    private Map<Long, Integer> brokerByPid() {
        Map<Long, Integer> byPid = new TreeMap<>();
        brokers.forEach(b -> byPid.put(b.pid(), b.node().id()));
        return byPid;
    }

    private synchronized void installShutdownHook() {
        shutdownHook = new Thread(this::close, "kbench-cluster-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts all brokers and waits until ready; attached=true means the brokers die with this JVM. */
    public static EmbeddedCluster start(ClusterParams params, boolean attached, PrintStream progress) {
        return start(params, attached, progress, DEFAULT_READY_TIMEOUT);
    }

    /** Like {@link #start(ClusterParams, boolean, PrintStream)} with an explicit readiness timeout. */
    public static EmbeddedCluster start(ClusterParams params, boolean attached, PrintStream progress,
                                        Duration readyTimeout) {
        return start(params, attached, progress, readyTimeout, false);
    }

    /**
     * Like {@link #start(ClusterParams, boolean, PrintStream, Duration)}; with {@code networkProxies} every broker's
     * client and replication listener is reached through kbench's TCP proxies ({@link #networkProxies()}), which
     * network faults act on. A secured cluster needs a separate plaintext inter-broker listener for that.
     */
    public static EmbeddedCluster start(ClusterParams params, boolean attached, PrintStream progress,
                                        Duration readyTimeout, boolean networkProxies) {
        return new Starter(params, attached, progress == null ? new PrintStream(OutputStream.nullOutputStream())
                : progress, readyTimeout, networkProxies).start();
    }

    /** The proxies in front of the brokers' listeners, or null when the cluster was started without them. */
    public NetworkProxies networkProxies() {
        return proxies;
    }

    /** The bootstrap servers, {@code 127.0.0.1:p1,127.0.0.1:p2,...}. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** From launching the first JVM to the cluster passing the readiness check. */
    public Duration startupTime() {
        return startupTime;
    }

    public int brokerCount() {
        return brokers.size();
    }

    /** The {@code java.version} of the JVM running the brokers. */
    public String brokerJavaVersion() {
        return java.version();
    }

    /** The properties kbench wrote for broker 1, minus per-node ports, ids and dirs. */
    public Map<String, String> effectiveBrokerConfig() {
        return effectiveBrokerConfig;
    }

    /** How the client listener is secured. */
    public ClusterSecurity security() {
        return security;
    }

    /**
     * What a client needs besides bootstrap.servers to talk to this cluster: empty for plaintext, else
     * security.protocol and the generated trust material, client key or SASL login. Holds secrets: never to be written
     * out except into the owner-only client.properties of a long-lived cluster.
     */
    public Map<String, String> clientProperties() {
        return clientProperties;
    }

    /**
     * Writes {@link #clientProperties()} with bootstrap.servers to {@code file}, readable by the owner only, for kbench
     * or any Kafka tool ({@code --command-config}).
     */
    public Path writeClientProperties(Path file) {
        Map<String, String> props = new TreeMap<>(clientProperties);
        props.put("bootstrap.servers", bootstrapServers);
        ClientPropertiesFile.write(file, props);
        return file;
    }

    /** Pids of the broker JVMs, in node id order. */
    /** Filesystem, device and mount options of the data dir; null when unreadable. */
    public String dataFilesystem() {
        return MountInfo.describe(dataDir);
    }

    public List<Long> pids() {
        return brokers.stream().map(BrokerProcess::pid).toList();
    }

    /** The JMX addresses ({@code 127.0.0.1:port}, loopback, no authentication) of the brokers, in node id order. */
    public List<String> jmxAddresses() {
        return brokers.stream().map(b -> b.node().jmxAddress()).toList();
    }

    /** Node ids of the brokers, in node id order. */
    public List<Integer> brokerIds() {
        return brokers.stream().map(b -> b.node().id()).toList();
    }

    public Path dataDir() {
        return dataDir;
    }

    /** Where the broker logs (broker-&lt;id&gt;.log and .out) are. */
    public Path logDir() {
        return brokers.get(0).logFile().getParent();
    }

    /** Stops every broker (SIGTERM, up to 20 s, then SIGKILL) and deletes temp data unless keepData; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeShutdownHook(shutdownHook);
        // A stopped process does not act on SIGTERM: it must run again before it can shut down.
        List.copyOf(paused.keySet()).forEach(this::resume);
        stopProcesses(brokers);
        if (proxies != null) {
            proxies.close();
        }
        if (tempDataDir && !params.keepData()) {
            DataDirectory.delete(dataDir);
        }
    }

    /** Whether broker {@code id}'s process is alive (a paused broker is). */
    public boolean isRunning(int id) {
        return broker(id).isAlive();
    }

    /** Whether broker {@code id} is SIGSTOPped by {@link #pause}. */
    public synchronized boolean isPaused(int id) {
        return paused.containsKey(id);
    }

    /** SIGKILL to broker {@code id}; returns once it is gone. */
    public synchronized void kill(int id) {
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
    public synchronized void terminate(int id) {
        broker(id);
        if (paused.containsKey(id)) {
            resume(id);
        }
        broker(id).process().destroy();
    }

    /** SIGSTOP to broker {@code id}; it stays stopped until {@link #resume}, a kill, or {@link #close}. */
    public synchronized void pause(int id) {
        BrokerProcess b = broker(id);
        if (closed || paused.containsKey(id) || !b.isAlive()) {
            return;
        }
        paused.put(id, PauseGuard.watch(b.pid()));
        Signals.send("STOP", b.pid());
    }

    /** SIGCONT to a broker {@link #pause} stopped; nothing when it is not paused. */
    public synchronized void resume(int id) {
        BrokerProcess b = broker(id);
        if (!paused.containsKey(id)) {
            return;
        }
        if (b.isAlive()) {
            Signals.send("CONT", b.pid());
        }
        releasePause(id);
    }

    /**
     * Starts broker {@code id} again with the same config, data dir and ports; a broker still shutting down gets the
     * usual grace period first, and a running one is stopped that way. Returns once the new JVM is launched.
     */
    public synchronized void restart(int id) {
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
        closeInput(old);
        int index = brokerIds().indexOf(id);
        BrokerProcess started = launcher.launch(old.node(), configs.get(index));
        brokers.set(index, started);
        // cluster.json names the live pid, so 'kbench cluster status|stop' and users find the restarted broker.
        ClusterState.read(dataDir).ifPresent(state -> state.withPid(id, started.pid()).write(dataDir));
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

    private static void closeInput(BrokerProcess b) {
        try {
            b.process().getOutputStream().close();
        } catch (IOException ignored) {
            // The process is gone; its pipe is of no further use.
        }
    }

    /** The recorded state of the cluster in {@code dir} and which of its brokers still run. */
    public static ClusterStatus status(Path dir) {
        ClusterState state = requireState(dir.toAbsolutePath().normalize());
        List<BrokerStatus> brokers = state.brokers().stream()
                .map(b -> new BrokerStatus(b.id(), b.pid(), b.port(), b.isRunning()))
                .toList();
        return new ClusterStatus(state, brokers);
    }

    /**
     * Stops the cluster recorded in {@code dir} from any process; keeps its data and cluster.json, so status
     * reports the brokers as dead. Returns the status before stopping.
     */
    public static ClusterStatus stop(Path dir) {
        return stop(dir, false);
    }

    /** Stops the cluster recorded in {@code dir}; with {@code deleteData} also removes what kbench wrote there. */
    public static ClusterStatus stop(Path dir, boolean deleteData) {
        Path absoluteDir = dir.toAbsolutePath().normalize();
        ClusterStatus before = status(absoluteDir);
        // Only processes whose command line still names this dir's broker config: a recycled pid is left alone.
        List<ProcessHandle> running = before.state().brokers().stream()
                .flatMap(b -> b.process().stream())
                .toList();
        ProcessStopper.stop(running, ProcessStopper.DEFAULT_GRACE);
        List<Long> survivors = running.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
        if (!survivors.isEmpty()) {
            throw new RunFailedException("could not stop broker pids " + survivors);
        }
        if (deleteData) {
            deleteClusterFiles(absoluteDir, before.state());
        }
        return before;
    }

    private static ClusterState requireState(Path dir) {
        return ClusterState.read(dir).orElseThrow(() -> InvalidInputException.field("dir", dir,
                "no " + ClusterState.FILE_NAME + " there, so no kbench cluster was started in it"));
    }

    /** Deletes only what kbench created in {@code dir}, in case it also holds the user's own files. */
    private static void deleteClusterFiles(Path dir, ClusterState state) {
        for (ClusterState.Broker b : state.brokers()) {
            DataDirectory.delete(dir.resolve("broker-" + b.id()));
        }
        ClusterState.delete(dir);
        try {
            Files.deleteIfExists(dir.resolve(CLIENT_PROPERTIES));
        } catch (IOException e) {
            throw new RunFailedException("cannot delete " + dir.resolve(CLIENT_PROPERTIES) + ": " + e.getMessage(), e);
        }
        DataDirectory.delete(dir.resolve(JmxAddressFile.FILE_NAME));
        Path logDir = Path.of(state.logDir());
        if (logDir.startsWith(dir)) {
            DataDirectory.delete(logDir);
        }
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(dir);
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void stopProcesses(List<BrokerProcess> brokers) {
        ProcessStopper.stop(brokers.stream().map(b -> b.process().toHandle()).toList(), ProcessStopper.DEFAULT_GRACE);
        for (BrokerProcess b : brokers) {
            if (b.cgroup() != null) {
                b.cgroup().remove();
            }
            closeInput(b);
        }
    }

    private static void removeShutdownHook(Thread hook) {
        if (hook == null || Thread.currentThread() == hook) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running or about to; it will find the cluster closed.
        }
    }

    /** One start attempt: owns everything it launched until the cluster is handed over or cleaned up. */
    private static final class Starter {
        private final ClusterParams params;
        private final boolean attached;
        private final PrintStream progress;
        private final Duration readyTimeout;
        private final NetworkProxies proxies;
        // The startup shutdown hook reads this list while the starting thread still adds to it.
        private final List<BrokerProcess> started = new CopyOnWriteArrayList<>();

        Starter(ClusterParams params, boolean attached, PrintStream progress, Duration readyTimeout,
                boolean networkProxies) {
            this.params = params;
            this.attached = attached;
            this.progress = progress;
            this.readyTimeout = readyTimeout;
            this.proxies = networkProxies ? new NetworkProxies() : null;
        }

        EmbeddedCluster start() {
            ClusterSecurity security = params.security();
            if (proxies != null && security.secured() && !security.separateInterBrokerListener()) {
                throw InvalidInputException.field("security", security.describe(), "network faults need replication"
                        + " on its own listener (interBroker: plaintext) so that it can be proxied apart from clients");
            }
            JavaRuntime java = JavaRuntime.of(params.brokerJavaHome());
            boolean temp = params.dataDir() == null;
            Path dataDir = temp ? DataDirectory.createTemp() : params.dataDir();
            if (!temp) {
                refuseLiveCluster(dataDir);
            }
            Path logDir = params.logDir() != null ? params.logDir() : dataDir.resolve("logs");
            Path log4jConfig = BrokerLog4jConfig.write(logDir);
            boolean formatted = Files.isRegularFile(metaProperties(dataDir));
            if (formatted && "SCRAM-SHA-512".equals(security.saslMechanism())) {
                throw InvalidInputException.field("security", security.describe(), "SCRAM users are stored when the"
                        + " storage is formatted, and " + dataDir + " is formatted already; start on a new --dir or"
                        + " after 'kbench cluster stop --delete-data'");
            }
            String clusterId = existingClusterId(dataDir);
            int n = params.brokers();
            int perNode = BrokerNode.PORTS_PER_NODE;
            boolean replication = security.separateInterBrokerListener() || proxies != null;
            // Per node: the node's own ports, its replication listener, then the two proxy ports.
            int extra = (replication ? 1 : 0) + (proxies != null ? 2 : 0);
            List<Integer> ports = FreePorts.pick((perNode + extra) * n);
            List<BrokerNode> nodes = BrokerNode.layout(n, ports.subList(0, perNode * n));
            SecurityMaterial material = SecurityMaterial.generate(security);
            List<Map<String, String>> configs = nodes.stream()
                    .map(node -> BrokerConfigs.forNode(node, nodes, dataDir, params.brokerConfig(), security, material,
                            replication ? ports.get(perNode * n + node.id() - 1) : 0, proxyPorts(node, ports, n)))
                    .toList();
            Map<String, String> clientProperties = SecurityConfigs.client(security, material);
            String bootstrap = proxies == null
                    ? nodes.stream().map(BrokerNode::bootstrapAddress).collect(Collectors.joining(","))
                    : nodes.stream().map(node -> BrokerConfigs.HOST + ":" + proxyPorts(node, ports, n).client())
                            .collect(Collectors.joining(","));
            BrokerLauncher launcher = new BrokerLauncher(params, java, dataDir, logDir, log4jConfig, clusterId,
                    attached, SecurityConfigs.scramUsers(security, material));

            progress.printf("cluster: starting %d broker%s (Kafka %s, JDK %s%s) in %s%n", nodes.size(),
                    nodes.size() == 1 ? "" : "s", kafkaVersion(), java.version(),
                    (security.secured() ? ", " + security.describe() : "")
                            + (proxies != null ? ", behind kbench's network proxies" : ""), dataDir);
            long t0 = System.nanoTime();
            Thread hook = null;
            try {
                if (attached) {
                    // Registered before the first launch so Ctrl-C during startup leaves no broker behind.
                    hook = new Thread(this::stopStarted, "kbench-cluster-shutdown");
                    Runtime.getRuntime().addShutdownHook(hook);
                }
                openProxies(nodes, ports, n);
                for (int i = 0; i < nodes.size(); i++) {
                    started.add(launcher.launch(nodes.get(i), configs.get(i)));
                }
                new ReadinessProbe(bootstrap, started, clientProperties).await(readyTimeout);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort(hook, temp, dataDir);
                throw new RunFailedException("interrupted while starting the cluster", e);
            } catch (RuntimeException | Error e) {
                abort(hook, temp, dataDir);
                throw e;
            }
            Duration startupTime = Duration.ofNanos(System.nanoTime() - t0);
            EmbeddedCluster cluster = new EmbeddedCluster(params, dataDir, temp, started, bootstrap,
                    BrokerConfigs.effective(configs.get(0)), java, startupTime, launcher, configs, security,
                    clientProperties, proxies);
            if (attached) {
                // From here on the hook must close the cluster itself, which also removes its state and temp dir.
                cluster.installShutdownHook();
                removeShutdownHook(hook);
            }
            state(cluster, nodes, logDir, clusterId, java).write(dataDir);
            JmxAddressFile.write(dataDir, cluster.jmxAddresses());
            progress.printf(Locale.ROOT, "cluster: ready in %.1f s at %s%n", startupTime.toMillis() / 1000.0,
                    bootstrap);
            return cluster;
        }

        private void stopStarted() {
            stopProcesses(started);
            if (proxies != null) {
                proxies.close();
            }
        }

        /** The proxy ports of {@code node}, after its own and its replication port; null without proxies. */
        private BrokerConfigs.ProxyPorts proxyPorts(BrokerNode node, List<Integer> ports, int n) {
            if (proxies == null) {
                return null;
            }
            int base = (BrokerNode.PORTS_PER_NODE + 1) * n;
            return new BrokerConfigs.ProxyPorts(ports.get(base + node.id() - 1), ports.get(base + n + node.id() - 1));
        }

        private void openProxies(List<BrokerNode> nodes, List<Integer> ports, int n) {
            if (proxies == null) {
                return;
            }
            for (BrokerNode node : nodes) {
                BrokerConfigs.ProxyPorts p = proxyPorts(node, ports, n);
                proxies.open(node.id(), NetworkProxies.Listener.CLIENT, p.client(), node.port());
                proxies.open(node.id(), NetworkProxies.Listener.REPLICATION, p.replication(),
                        ports.get(BrokerNode.PORTS_PER_NODE * n + node.id() - 1));
            }
        }

        private void abort(Thread hook, boolean temp, Path dataDir) {
            removeShutdownHook(hook);
            stopStarted();
            if (temp && !params.keepData()) {
                // Keep the logs: the error message points at them.
                for (BrokerProcess b : started) {
                    DataDirectory.delete(BrokerConfigs.nodeDir(dataDir, b.node()));
                }
            }
        }

        private static void refuseLiveCluster(Path dataDir) {
            ClusterState.read(dataDir).ifPresent(state -> {
                List<Long> live = state.runningBrokers().stream().map(ClusterState.Broker::pid).toList();
                if (!live.isEmpty()) {
                    throw InvalidInputException.field("dir", dataDir, "a kbench cluster is already running there"
                            + " (pids " + live + "); stop it with 'kbench cluster stop --dir " + dataDir + "'");
                }
            });
        }

        /** Formatted storage keeps its cluster id; reusing it lets a restart on the same dir find its data. */
        private static String existingClusterId(Path dataDir) {
            Path meta = metaProperties(dataDir);
            if (Files.isRegularFile(meta)) {
                try (InputStream in = Files.newInputStream(meta)) {
                    Properties p = new Properties();
                    p.load(in);
                    String id = p.getProperty("cluster.id");
                    if (id != null && !id.isBlank()) {
                        return id;
                    }
                } catch (IOException e) {
                    // Unreadable: a fresh id, and the broker itself will report the broken storage.
                }
            }
            return Uuid.randomUuid().toString();
        }

        private static Path metaProperties(Path dataDir) {
            return dataDir.resolve("broker-1").resolve("data").resolve("meta.properties");
        }

        private ClusterState state(EmbeddedCluster cluster, List<BrokerNode> nodes, Path logDir, String clusterId,
                                   JavaRuntime java) {
            List<ClusterState.Broker> entries = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                BrokerNode n = nodes.get(i);
                entries.add(new ClusterState.Broker(n.id(), started.get(i).pid(), n.port(), n.controllerPort(),
                        BrokerConfigs.propertiesFile(cluster.dataDir(), n.id()).toString(), n.jmxPort()));
            }
            return new ClusterState(nodes.size(), cluster.bootstrapServers(), cluster.dataDir().toString(),
                    logDir.toString(), clusterId, kafkaVersion(), java.version(), attached, Instant.now(), entries);
        }
    }

    /** The brokers run the kafka-clients jars on kbench's classpath, so their version is the one AppInfoParser reads. */
    static String kafkaVersion() {
        return AppInfoParser.getVersion();
    }
}
