package io.kbench.cluster;

import io.kbench.cluster.network.NetworkProxies;
import io.kbench.release.KafkaRelease;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;

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
    private final BrokerFleet brokers;
    private final String bootstrapServers;
    private final Map<String, String> effectiveBrokerConfig;
    private final BrokerRuntime runtime;
    private final Duration startupTime;
    private final Map<String, String> clientProperties;
    /** kbench's proxies in front of the listeners (network faults); null when the brokers are reached directly. */
    private final NetworkProxies proxies;
    /** The brokers' emulated filesystems; null when their data dirs are plain directories. */
    private final StorageMounts storage;
    /** Adds brokers to the running cluster ({@link #addBroker}). */
    private final ClusterGrowth growth;
    private ShutdownHook shutdownHook;
    private boolean closed;

    EmbeddedCluster(ClusterLayout layout, BrokerFleet brokers, Duration startupTime, NetworkProxies proxies,
                    StorageMounts storage) {
        this.storage = storage;
        this.params = layout.params();
        this.dataDir = layout.dataDir();
        this.tempDataDir = layout.temp();
        this.brokers = brokers;
        this.bootstrapServers = layout.bootstrap();
        this.effectiveBrokerConfig = Collections.unmodifiableMap(new TreeMap<>(BrokerConfigs.effective(
                layout.configs().get(0))));
        this.runtime = layout.runtime();
        this.startupTime = startupTime;
        this.clientProperties = Collections.unmodifiableMap(new TreeMap<>(layout.clientProperties()));
        this.proxies = proxies;
        if (proxies != null) {
            proxies.identifyPeersBy(this::brokerByPid);
        }
        this.growth = new ClusterGrowth(layout, brokers, proxies);
    }

    private Map<Long, Integer> brokerByPid() {
        Map<Long, Integer> byPid = new TreeMap<>();
        brokers.processes().forEach(b -> byPid.put(b.pid(), b.node().id()));
        return byPid;
    }

    synchronized void installShutdownHook() {
        shutdownHook = ShutdownHook.install(this::close);
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
        return new ClusterStarter(params, attached, progress == null ? new PrintStream(OutputStream.nullOutputStream())
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
        return brokers.processes().size();
    }

    /** The {@code java.version} of the JVM running the brokers. */
    public String brokerJavaVersion() {
        return runtime.java().version();
    }

    /**
     * The Kafka release the brokers were last launched with ({@code cluster.kafkaVersion}, else kbench's own, or a
     * roll's {@code kafkaVersion}; {@code mixed: ...} while they differ); a result records what the running brokers
     * report instead whenever they can be read.
     */
    public String kafkaVersion() {
        List<String> versions = brokerIds().stream().map(brokers::kafkaVersion).distinct().toList();
        if (versions.size() == 1) {
            return versions.get(0);
        }
        // As BrokerVersion.summary words what the brokers report: mixed: 4.3.1 (brokers 1, 2), 4.4.0 (broker 3).
        Map<String, List<String>> byVersion = new TreeMap<>();
        brokerIds().forEach(id -> byVersion.computeIfAbsent(brokers.kafkaVersion(id), v -> new ArrayList<>()).add("" + id));
        return "mixed: " + String.join(", ", byVersion.entrySet().stream().map(e -> e.getKey() + " (broker"
                + (e.getValue().size() == 1 ? " " : "s ") + String.join(", ", e.getValue()) + ")").toList());
    }

    /** The Kafka release broker {@code id} was last launched on ({@code cluster.kafkaVersion}, a roll's, kbench's own). */
    public String kafkaVersion(int id) {
        return brokers.kafkaVersion(id);
    }

    /**
     * The name of a {@code metadata.version} feature level ({@code 4.4-IV0}), by the newest release this cluster has
     * jars of; {@code level N} when none knows it.
     */
    public String metadataVersionName(short level) {
        List<KafkaRelease> releases = new ArrayList<>(params.rollReleases());
        releases.add(params.release());
        if (params.release() != null) {
            releases.add(null);
        }
        return MetadataVersionNames.name(level, releases).orElse("level " + level);
    }

    /** The properties kbench wrote for broker 1, minus per-node ports, ids and dirs. */
    public Map<String, String> effectiveBrokerConfig() {
        return effectiveBrokerConfig;
    }

    /** How the client listener is secured. */
    public ClusterSecurity security() {
        return params.security();
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

    /** Filesystem, device and mount options of the data dir; null when unreadable. */
    public String dataFilesystem() {
        return MountInfo.describe(dataDir);
    }

    /** The brokers' emulated storage as set up, or null when their data dirs are plain directories. */
    public StorageSetup storage() {
        return storage == null ? null : new StorageSetup(storage.params(), storage.imageDir(),
                storage.params().filesystem() == EmulatedFilesystem.TMPFS ? null : MountInfo.describe(storage.imageDir()),
                storage.disks());
    }

    /** Pids of the broker JVMs, in node id order. */
    public List<Long> pids() {
        return brokers.processes().stream().map(BrokerProcess::pid).toList();
    }

    /** The JMX addresses ({@code 127.0.0.1:port}, loopback, no authentication) of the brokers, in node id order. */
    public List<String> jmxAddresses() {
        return brokers.processes().stream().map(b -> b.node().jmxAddress()).toList();
    }

    /** {user, password} of the brokers' JMX agents ({@link JmxAccess}); null for a cluster started without one. */
    public String[] jmxCredentials() {
        return JmxAccess.credentials(dataDir);
    }

    /** Node ids of the brokers, in node id order. */
    public List<Integer> brokerIds() {
        return brokers.processes().stream().map(b -> b.node().id()).toList();
    }

    public Path dataDir() {
        return dataDir;
    }

    /** Where the broker logs (broker-&lt;id&gt;.log and .out) are. */
    public Path logDir() {
        return brokers.processes().get(0).logFile().getParent();
    }

    /**
     * Stops every broker (SIGTERM, then SIGKILL after 20 s, or after 1 s when the data is deleted next) and deletes temp
     * data unless keepData; idempotent. Each step runs even when an earlier one fails (a paused broker that cannot be
     * resumed is killed); the first failure is thrown at the end.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (shutdownHook != null) {
            shutdownHook.remove();
        }
        boolean disposable = tempDataDir && !params.keepData();
        // Each step runs whatever an earlier one threw: a paused broker that could not be resumed must not leave the
        // proxies, mounts and temp data behind, nor a next sweep point running beside them.
        CloseSteps steps = new CloseSteps();
        steps.run(() -> brokers.close(disposable ? ProcessStopper.DISPOSABLE_GRACE : ProcessStopper.DEFAULT_GRACE));
        if (proxies != null) {
            steps.run(proxies::close);
        }
        // After the brokers, whose open files would keep the mounts busy; before the data dir holding the mount points.
        if (storage != null) {
            steps.run(storage::release);
        }
        if (disposable) {
            steps.run(() -> DataDirectory.delete(dataDir));
        }
        steps.done();
    }

    /** Whether broker {@code id}'s process is alive (a paused broker is). */
    public boolean isRunning(int id) {
        return brokers.isRunning(id);
    }

    /** Whether broker {@code id} is SIGSTOPped by {@link #pause}. */
    public boolean isPaused(int id) {
        return brokers.isPaused(id);
    }

    /** SIGKILL to broker {@code id}; returns once it is gone. */
    public void kill(int id) {
        brokers.kill(id);
    }

    /** SIGTERM to broker {@code id} (a controlled shutdown); does not wait for it to finish. */
    public void terminate(int id) {
        brokers.terminate(id);
    }

    /** SIGSTOP to broker {@code id}; it stays stopped until {@link #resume}, a kill, or {@link #close}. */
    public void pause(int id) {
        brokers.pause(id);
    }

    /** SIGCONT to a broker {@link #pause} stopped; nothing when it is not paused. */
    public void resume(int id) {
        brokers.resume(id);
    }

    /**
     * Starts broker {@code id} again with the same data dir and ports, and its config as {@code change} leaves it (a
     * roll step; {@link BrokerChange#NONE} for the same config); a broker still shutting down gets the usual grace
     * period first, and a running one is stopped that way. Returns once the new JVM is launched.
     */
    public void restart(int id, BrokerChange change) {
        brokers.restart(id, change);
    }

    /**
     * Starts one more broker, the next node id, that joins the running quorum as a broker only, with the same
     * listeners, security and broker settings as the others (behind a proxy of its own when the cluster has them).
     * It is one of the cluster from the moment it is launched: stopped by {@link #close}, recorded in cluster.json,
     * and dying with kbench like the others. Returns its id once it is registered with the controller.
     */
    public synchronized int addBroker(Duration timeout) {
        if (closed) {
            throw new IllegalStateException("cluster is closed");
        }
        return growth.add(timeout);
    }

    /**
     * Calls {@code listener} with the node id of each broker {@link #addBroker} launches, as soon as its JVM is
     * launched (before it registers), on the thread adding it; {@link #brokerIds()}, {@link #pids()} and
     * {@link #jmxAddresses()} list it by then. Returns what removes the listener.
     */
    public Runnable onBrokerAdded(IntConsumer listener) {
        return growth.onAdded(listener);
    }

    /** Stops broker {@code id} for good: a controlled shutdown (SIGTERM), SIGKILL after the grace; waits for it. */
    public void stopBroker(int id) {
        brokers.stop(id);
    }
}
