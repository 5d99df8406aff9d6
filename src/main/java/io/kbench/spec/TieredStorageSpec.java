package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Tiered storage on the embedded cluster (KIP-405, docs/tiered-storage.md): the brokers copy closed segments of topics
 * with {@code remote.storage.enable=true} to a RemoteStorageManager and read them back from it once local retention
 * deleted them.
 *
 * @param remoteStorageManager {@code local} (Kafka's own LocalTieredStorage on a directory of the cluster, the one
 *                             Kafka's tiered-storage tests use) or the class name of any RemoteStorageManager;
 *                             absent: local
 * @param classPath            jars or directories holding that class, loaded by the broker in a class loader of its own
 *                             ({@code remote.log.storage.manager.class.path}); absent: kbench's class path
 * @param configs              the manager's own settings, passed with Kafka's {@code rsm.config.} prefix
 * @param taskInterval         how often each partition's leader looks for segments to copy and expire
 *                             ({@code remote.log.manager.task.interval.ms}); absent: 1 s (Kafka's default: 30 s)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TieredStorageSpec(String remoteStorageManager, List<String> classPath, Map<String, String> configs,
                                Duration taskInterval) {
    /** The name of Kafka's file-system RemoteStorageManager. */
    public static final String LOCAL = "local";
    public static final Duration DEFAULT_TASK_INTERVAL = Duration.ofSeconds(1);
    /** A Java binary class name: dotted identifiers, $ for nested classes. */
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)+");
    private static final Pattern CONFIG_KEY = Pattern.compile("[A-Za-z0-9_.-]{1,200}");

    public TieredStorageSpec {
        remoteStorageManager = remoteStorageManager == null ? LOCAL : remoteStorageManager.trim();
        if (!remoteStorageManager.equals(LOCAL) && !CLASS_NAME.matcher(remoteStorageManager).matches()) {
            throw InvalidInputException.field("cluster.tieredStorage.remoteStorageManager", remoteStorageManager,
                    "must be local or a fully qualified class name like com.example.S3RemoteStorageManager");
        }
        classPath = classPath == null ? List.of() : List.copyOf(classPath);
        if (!classPath.isEmpty() && remoteStorageManager.equals(LOCAL)) {
            throw InvalidInputException.field("cluster.tieredStorage.classPath", classPath,
                    "is for a RemoteStorageManager named by class; local is on kbench's own class path");
        }
        for (String entry : classPath) {
            if (entry == null || entry.isBlank() || entry.indexOf(':') >= 0 || entry.indexOf('\n') >= 0) {
                throw InvalidInputException.field("cluster.tieredStorage.classPath", entry,
                        "each entry must name one jar or directory (a list entry each, no ':')");
            }
        }
        configs = configs == null ? Map.of() : Map.copyOf(configs);
        for (Map.Entry<String, String> e : configs.entrySet()) {
            if (!CONFIG_KEY.matcher(e.getKey()).matches() || e.getValue() == null) {
                throw InvalidInputException.field("cluster.tieredStorage.configs", e.getKey() + "=" + e.getValue(),
                        "needs a key (letters, digits, '.', '_', '-') and a value");
            }
        }
        if (taskInterval != null && (taskInterval.toMillis() < 100 || taskInterval.toMinutes() > 60)) {
            throw InvalidInputException.field("cluster.tieredStorage.taskInterval", taskInterval,
                    "must be between 100ms and 60m");
        }
    }

    /** Whether the manager is Kafka's LocalTieredStorage. */
    public boolean local() {
        return remoteStorageManager.equals(LOCAL);
    }

    public Duration taskIntervalOrDefault() {
        return taskInterval == null ? DEFAULT_TASK_INTERVAL : taskInterval;
    }
}
