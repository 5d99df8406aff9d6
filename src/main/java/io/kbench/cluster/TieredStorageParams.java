package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.release.BundledRelease;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.ZipFile;

/**
 * Tiered storage (KIP-405) on the embedded brokers: every broker setting it takes, declared here once
 * (docs/tiered-storage.md). The RemoteStorageManager is checked before any broker starts: a class that cannot be found
 * would otherwise fail every broker's start-up with a stack trace in its log.
 *
 * @param managerClass   the RemoteStorageManager's class name
 * @param classPath      jars or directories the broker loads it from in a class loader of its own; empty: the
 *                       broker's class path (kbench's)
 * @param managerConfig  the manager's settings, without Kafka's {@code rsm.config.} prefix
 * @param taskIntervalMs how often each leader copies and expires segments
 */
public record TieredStorageParams(String managerClass, List<Path> classPath, Map<String, String> managerConfig,
                                  long taskIntervalMs) {
    /** Kafka's file-system RemoteStorageManager, from kafka-storage's test jar. */
    public static final String LOCAL_MANAGER = "org.apache.kafka.server.log.remote.storage.LocalTieredStorage";
    /** Where LocalTieredStorage keeps the "remote" segments, under the cluster directory (shared by all brokers). */
    static final String LOCAL_DIR = "remote-storage";
    static final String ENABLE = "remote.log.storage.system.enable";
    static final String MANAGER_CLASS = "remote.log.storage.manager.class.name";
    static final String MANAGER_CLASS_PATH = "remote.log.storage.manager.class.path";
    static final String MANAGER_PREFIX = "rsm.config.";
    static final String METADATA_PREFIX = "rlmm.config.";
    static final String METADATA_LISTENER = "remote.log.metadata.manager.listener.name";
    static final String TASK_INTERVAL = "remote.log.manager.task.interval.ms";
    static final String RETENTION_CHECK = "log.retention.check.interval.ms";
    static final String FIRST_CHECK = "log.initial.task.delay.ms";

    public TieredStorageParams {
        classPath = List.copyOf(classPath);
        managerConfig = Map.copyOf(managerConfig);
        check(managerClass, classPath);
    }

    /**
     * The broker settings; the metadata manager is Kafka's default (TopicBasedRemoteLogMetadataManager), its internal
     * topic replicated as far as the cluster allows. The per-node ones (the local manager's directory, the listener the
     * metadata manager's clients use) are added by {@link #perNode}.
     */
    public Map<String, String> brokerConfig(int brokers) {
        Map<String, String> c = new TreeMap<>();
        c.put(ENABLE, "true");
        c.put(MANAGER_CLASS, managerClass);
        if (!classPath.isEmpty()) {
            c.put(MANAGER_CLASS_PATH, classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        }
        c.put(TASK_INTERVAL, Long.toString(taskIntervalMs));
        // Local retention deletes copied segments on the log manager's retention check (Kafka's default: every 5 min).
        c.put(RETENTION_CHECK, Long.toString(taskIntervalMs));
        // The first check comes that long after the broker's start too, not Kafka's 30 s (an internal setting, made for
        // tests, KAFKA-16552): a cold read on a fresh cluster waited up to half a minute for copied segments to leave.
        c.put(FIRST_CHECK, Long.toString(taskIntervalMs));
        c.put(METADATA_PREFIX + "remote.log.metadata.topic.replication.factor", Integer.toString(Math.min(brokers, 3)));
        // Kafka's default is 50 partitions, each a log on every replica: a small cluster's start would be slowed.
        c.put(METADATA_PREFIX + "remote.log.metadata.topic.num.partitions", "3");
        managerConfig.forEach((k, v) -> c.put(MANAGER_PREFIX + k, v));
        return c;
    }

    /**
     * What a node's config needs beyond {@link #brokerConfig} once the cluster's directory and listeners are known,
     * for any config that enables remote storage (also one a user wrote by hand): the local manager's directory, one
     * for all brokers as a real object store is, and the inter-broker listener for the metadata manager's clients.
     */
    static void perNode(Map<String, String> props, Path dataDir) {
        if (!"true".equalsIgnoreCase(props.getOrDefault(ENABLE, "false").trim())) {
            return;
        }
        if (LOCAL_MANAGER.equals(props.get(MANAGER_CLASS))) {
            props.putIfAbsent(MANAGER_PREFIX + "dir", dataDir.resolve(LOCAL_DIR).toString());
        }
        props.putIfAbsent(METADATA_LISTENER, props.getOrDefault("inter.broker.listener.name", "PLAINTEXT"));
    }

    /** A class path entry that does not exist, or a class in none of them, is an input error now. */
    private static void check(String managerClass, List<Path> classPath) {
        String field = "cluster.tieredStorage.remoteStorageManager";
        if (classPath.isEmpty()) {
            if (!BundledRelease.onClassPath()) {
                // A kbench re-launched on another release's clients has no broker class; its parent checked this.
                return;
            }
            try {
                Class.forName(managerClass, false, TieredStorageParams.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw InvalidInputException.field(field, managerClass, "is not on kbench's class path;"
                        + " name the jars holding it in cluster.tieredStorage.classPath");
            }
            return;
        }
        for (Path entry : classPath) {
            if (!Files.exists(entry)) {
                throw InvalidInputException.field("cluster.tieredStorage.classPath", entry, "does not exist");
            }
        }
        String file = managerClass.replace('.', '/') + ".class";
        if (classPath.stream().noneMatch(entry -> holds(entry, file))) {
            throw InvalidInputException.field(field, managerClass, "is in none of cluster.tieredStorage.classPath "
                    + classPath);
        }
    }

    private static boolean holds(Path entry, String classFile) {
        if (Files.isDirectory(entry)) {
            return Files.isRegularFile(entry.resolve(classFile));
        }
        try (ZipFile jar = new ZipFile(entry.toFile())) {
            return jar.getEntry(classFile) != null;
        } catch (IOException e) {
            throw InvalidInputException.field("cluster.tieredStorage.classPath", entry,
                    "is neither a directory nor a readable jar");
        }
    }
}
