package io.kbench.cluster;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.release.KafkaRelease;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What an embedded cluster looks like: broker count, where it keeps data and logs, and how the broker JVMs run.
 *
 * @param brokers      number of brokers, 1..9
 * @param dataDir      cluster directory; null means a fresh temp dir, deleted on close unless {@code keepData}
 * @param keepData     keep a temp {@code dataDir} after close
 * @param brokerConfig server.properties overrides on top of kbench's defaults
 * @param brokerJavaHome JDK that runs the brokers; null means the JDK running kbench
 * @param heap         broker heap, used for both -Xms and -Xmx (e.g. "1g")
 * @param jvmFlags     extra broker JVM flags, appended after kbench's defaults
 * @param logDir       where broker logs go; null means {@code <dataDir>/logs}
 * @param limits       CPU, memory and disk each broker gets through cgroups; null: none
 * @param security     how the client listener is secured; null means plaintext
 * @param storage      each broker's data dirs on emulated filesystems (loop devices, root only); null: plain
 *                     directories under {@code dataDir}
 * @param release      the Kafka release the brokers run ({@code cluster.kafkaVersion}), resolved; null: kbench's own
 * @param rollReleases the other releases a roll may restart a broker on ({@code roll.kafkaVersion}), resolved before
 *                     the cluster starts, kbench's own among them only by its absence (a restart on it needs no jars)
 */
public record ClusterParams(
        int brokers,
        Path dataDir,
        boolean keepData,
        Map<String, String> brokerConfig,
        Path brokerJavaHome,
        String heap,
        List<String> jvmFlags,
        Path logDir,
        ResourceLimits limits,
        ClusterSecurity security,
        StorageParams storage,
        KafkaRelease release,
        List<KafkaRelease> rollReleases) {

    /** The heap used when none is given. */
    public static final String DEFAULT_HEAP = "1g";
    /** The most brokers kbench starts; each is a JVM and the ports are picked on loopback. */
    public static final int MAX_BROKERS = 9;

    private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]?");

    public ClusterParams {
        rollReleases = rollReleases == null ? List.of() : List.copyOf(rollReleases);
        Checks.between("brokers", brokers, 1, MAX_BROKERS);
        brokerConfig = brokerConfig == null ? Map.of() : brokerConfig;
        for (Map.Entry<String, String> e : brokerConfig.entrySet()) {
            if (e.getKey() == null || e.getKey().isBlank() || e.getValue() == null) {
                throw InvalidInputException.field("broker-config", e.getKey() + "=" + e.getValue(),
                        "needs a key and a value");
            }
            if (BrokerConfigs.RESERVED_KEYS.contains(e.getKey())) {
                throw InvalidInputException.field("broker-config", e.getKey() + "=" + e.getValue(),
                        e.getKey() + " is set by kbench for each node and cannot be overridden");
            }
        }
        brokerConfig = Collections.unmodifiableMap(new TreeMap<>(brokerConfig));
        if (brokerJavaHome != null && !Files.isExecutable(brokerJavaHome.resolve("bin").resolve("java"))) {
            throw InvalidInputException.field("cluster.javaHome (--broker-java-home)", brokerJavaHome,
                    "no executable bin/java under it");
        }
        heap = heap == null ? DEFAULT_HEAP : heap.trim();
        if (!HEAP.matcher(heap).matches()) {
            throw InvalidInputException.field("heap (--broker-heap)", heap, "must be a JVM size like 512m or 1g");
        }
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        dataDir = dataDir == null ? null : dataDir.toAbsolutePath().normalize();
        logDir = logDir == null ? null : logDir.toAbsolutePath().normalize();
        security = security == null ? ClusterSecurity.plaintext() : security;
        if (limits != null && limits.memoryBytes() != null
                && limits.memoryBytes() < heapBytes(heap) + ResourceLimits.NON_HEAP_HEADROOM_BYTES) {
            throw InvalidInputException.field("cluster.limits.memory", limits.memoryBytes() + " bytes",
                    "must exceed the broker heap (" + heap + ") by at least 256 MiB; lower --broker-heap or raise the limit");
        }
        if (storage != null && limits != null && limits.disk()) {
            // The loop device writes its image from a kernel thread that no broker's cgroup is charged for.
            throw InvalidInputException.field("cluster.limits", "disk limits with cluster.storage",
                    "cannot be combined: the emulated filesystems write through loop devices, which the disk limits do not see");
        }
        if (release != null && brokerConfig.containsKey(TieredStorageParams.MANAGER_CLASS)
                && !brokerConfig.containsKey(TieredStorageParams.MANAGER_CLASS_PATH)) {
            // Without a class path of its own the manager is found on kbench's class path (LocalTieredStorage: in
            // kafka-storage's test jar of kbench's own Kafka), which a release's brokers do not have.
            throw InvalidInputException.field("cluster.tieredStorage.classPath", "none with cluster.kafkaVersion "
                    + release.version(), "a release's brokers do not load from kbench's class path; name the jars of a"
                    + " RemoteStorageManager built for " + release.version());
        }
    }

    /** Everything but the releases of rolls: the brokers run {@code release} (null: kbench's own Kafka) throughout. */
    public ClusterParams(int brokers, Path dataDir, boolean keepData, Map<String, String> brokerConfig,
                         Path brokerJavaHome, String heap, List<String> jvmFlags, Path logDir, ResourceLimits limits,
                         ClusterSecurity security, StorageParams storage, KafkaRelease release) {
        this(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits, security, storage,
                release, List.of());
    }

    /** Everything but the release: the brokers run kbench's own Kafka. */
    public ClusterParams(int brokers, Path dataDir, boolean keepData, Map<String, String> brokerConfig,
                         Path brokerJavaHome, String heap, List<String> jvmFlags, Path logDir, ResourceLimits limits,
                         ClusterSecurity security, StorageParams storage) {
        this(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits, security, storage,
                null);
    }

    /** A plaintext cluster without resource limits. */
    public ClusterParams(int brokers, Path dataDir, boolean keepData, Map<String, String> brokerConfig, Path brokerJavaHome,
                         String heap, List<String> jvmFlags, Path logDir) {
        this(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, null, null, null, null);
    }

    /** The same cluster with {@code limits} per broker. */
    public ClusterParams withLimits(ResourceLimits limits) {
        return new ClusterParams(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits,
                security, storage, release, rollReleases);
    }

    /** The same cluster with {@code storage} (null: none). */
    public ClusterParams withStorage(StorageParams storage) {
        return new ClusterParams(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits,
                security, storage, release, rollReleases);
    }

    /** The same cluster with {@code security}. */
    public ClusterParams withSecurity(ClusterSecurity security) {
        return new ClusterParams(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits,
                security, storage, release, rollReleases);
    }

    /** The same cluster on {@code release} (null: kbench's own Kafka). */
    public ClusterParams withRelease(KafkaRelease release) {
        return new ClusterParams(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits,
                security, storage, release, rollReleases);
    }

    /** The same cluster, whose rolls may restart brokers on {@code releases} as well. */
    public ClusterParams withRollReleases(List<KafkaRelease> releases) {
        return new ClusterParams(brokers, dataDir, keepData, brokerConfig, brokerJavaHome, heap, jvmFlags, logDir, limits,
                security, storage, release, releases);
    }

    /** A JVM size such as 512m or 1g in bytes (no suffix: bytes, as the JVM reads it). */
    static long heapBytes(String heap) {
        char unit = Character.toLowerCase(heap.charAt(heap.length() - 1));
        long number = Long.parseLong(Character.isDigit(unit) ? heap : heap.substring(0, heap.length() - 1));
        return switch (unit) {
            case 'k' -> number << 10;
            case 'm' -> number << 20;
            case 'g' -> number << 30;
            default -> number;
        };
    }

    /** Defaults for everything but the broker count: temp dir, kbench defaults, this JDK, 1g heap. */
    public static ClusterParams of(int brokers) {
        return new ClusterParams(brokers, null, false, Map.of(), null, DEFAULT_HEAP, List.of(), null);
    }

    /** The number of nodes that also act as KRaft controllers. */
    public int controllers() {
        return Math.min(brokers, 3);
    }
}
