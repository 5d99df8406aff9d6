package io.kbench.cli;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.ClusterSecurity;
import io.kbench.cluster.EmulatedFilesystem;
import io.kbench.cluster.ResourceLimits;
import io.kbench.cluster.StorageHost;
import io.kbench.cluster.StorageParams;
import io.kbench.cluster.TieredStorageParams;
import io.kbench.error.InvalidInputException;
import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import io.kbench.release.ReleaseVersion;
import io.kbench.spec.BrokerLimits;
import io.kbench.spec.ClusterSpec;
import io.kbench.spec.FaultSpec;
import io.kbench.spec.RollReleases;
import io.kbench.spec.StorageSpec;
import io.kbench.spec.TieredStorageSpec;
import io.kbench.spec.UncheckedProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options of the embedded cluster a run starts when no --bootstrap-server is given. */
public final class EmbeddedOptions {
    /** Broker count; overrides the workload's cluster.brokers. */
    @Option(names = "--brokers", paramLabel = "N",
            description = "Embedded brokers to start (default: the workload's cluster.brokers, else 1).")
    Integer brokers;

    /** Broker data directory; default a temporary directory. */
    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Broker data directory (default: a temporary directory, deleted after the run).")
    Path dataDir;

    /** Keep broker data after the run. */
    @Option(names = "--keep-data", description = "Keep broker data after the run.")
    boolean keepData;

    @Mixin
    BrokerOptions broker = new BrokerOptions();

    /** The cluster to start: workload broker settings first, then the flags' (which win). */
    ClusterParams toParams(ClusterSpec spec, Path logDir, UncheckedProperties unchecked) {
        return toParams(spec, List.of(), logDir, unchecked);
    }

    /**
     * As {@link #toParams(ClusterSpec, Path, UncheckedProperties)}, with the releases {@code faults}' rolls restart
     * brokers on: each checked against the release the cluster starts on ({@link RollReleases}: a downgrade Kafka
     * refuses is exit 2) and resolved into the release cache as {@code cluster.kafkaVersion} is, before anything
     * starts, each error naming its roll ({@code faults[0].roll.kafkaVersion 4.9.0: ...}).
     */
    ClusterParams toParams(ClusterSpec spec, List<FaultSpec> faults, Path logDir, UncheckedProperties unchecked) {
        ClusterParams fromFlags = broker.toParams(brokers != null ? brokers : spec.brokers(),
                dataDir, keepData, logDir, spec.security(), unchecked);
        Map<String, String> config = new LinkedHashMap<>();
        TieredStorageParams tiered = tiered(spec.tieredStorage(), fromFlags.security());
        if (tiered != null) {
            config.putAll(tiered.brokerConfig(fromFlags.brokers()));
        }
        config.putAll(spec.brokerConfig());
        config.putAll(fromFlags.brokerConfig());
        String heap = broker.brokerHeap != null ? broker.brokerHeap : spec.heap();
        // --broker-java-home, then the workload's cluster.javaHome, then what a re-launch handed down (fromFlags).
        Path javaHome = broker.brokerJavaHome == null && spec.javaHome() != null ? Path.of(spec.javaHome())
                : fromFlags.brokerJavaHome();
        KafkaRelease release = broker.kafkaVersion != null ? fromFlags.release()
                : BrokerOptions.release("cluster.kafkaVersion", spec.kafkaVersion());
        ClusterParams params = new ClusterParams(fromFlags.brokers(), fromFlags.dataDir(), fromFlags.keepData(),
                config, javaHome, heap, fromFlags.jvmFlags(), fromFlags.logDir(),
                limits(spec.limits()), fromFlags.security(), storage(spec.storage()), release);
        if (params.storage() != null) {
            StorageHost.check(params.storage(), params.brokers());
        }
        ReleaseVersion starting = release == null ? BundledRelease.version() : release.version();
        List<KafkaRelease> rolls = new ArrayList<>();
        RollReleases.check(faults, starting).forEach((field, version) -> {
            KafkaRelease r = BrokerOptions.release(field, version.toString());
            if (r != null && rolls.stream().noneMatch(known -> known.version().equals(r.version()))) {
                rolls.add(r);
            }
        });
        return rolls.isEmpty() ? params : params.withRollReleases(rolls);
    }

    /** The workload's tiered storage as the cluster takes it; null without. */
    static TieredStorageParams tiered(TieredStorageSpec t, ClusterSecurity security) {
        if (t == null) {
            return null;
        }
        if (security.secured() && !security.separateInterBrokerListener()) {
            // The metadata manager's producer and consumer would need the client listener's secrets.
            throw InvalidInputException.field("cluster.tieredStorage", "on " + security.describe(), "needs the"
                    + " inter-broker traffic on its own plaintext listener (cluster.security.interBroker: plaintext)");
        }
        return new TieredStorageParams(t.local() ? TieredStorageParams.LOCAL_MANAGER : t.remoteStorageManager(),
                t.classPath().stream().map(p -> Path.of(p).toAbsolutePath().normalize()).toList(), t.configs(),
                t.taskIntervalOrDefault().toMillis());
    }

    /** The workload's emulated storage as the cluster takes it. */
    static StorageParams storage(StorageSpec s) {
        if (s == null) {
            return null;
        }
        return new StorageParams(EmulatedFilesystem.of(s.filesystem().fsName()), s.options(), s.sizeBytes(),
                s.dataDirCount(), s.imageDir() == null ? null : Path.of(s.imageDir()));
    }

    /** The workload's per-broker limits in the kernel's units. */
    static ResourceLimits limits(BrokerLimits l) {
        if (l == null) {
            return null;
        }
        return new ResourceLimits(l.cpus() == null ? null : l.cpus().trim(),
                l.cpuQuota() == null ? null : Math.round(l.cpuQuota() * ResourceLimits.CPU_PERIOD_MICROS),
                l.memoryBytes(), l.diskReadBytesPerSecValue(), l.diskWriteBytesPerSecValue(),
                l.diskReadIops() == null ? null : l.diskReadIops().longValue(),
                l.diskWriteIops() == null ? null : l.diskWriteIops().longValue());
    }

    /** Whether any option that only makes sense for an embedded cluster was given. */
    boolean anyGiven() {
        return brokers != null || dataDir != null || keepData || !broker.brokerConfig.isEmpty()
                || broker.brokerConfigFile != null || broker.brokerJavaHome != null || !broker.brokerJvmFlags.isEmpty()
                || broker.brokerHeap != null || broker.kafkaVersion != null
                || broker.security.anyGiven();
    }
}
