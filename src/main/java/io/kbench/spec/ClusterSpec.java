package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.release.ReleaseVersion;
import java.util.Map;

/**
 * The embedded cluster a workload wants when no bootstrap server is given.
 *
 * @param brokers      broker JVMs to start (KRaft, combined broker+controller for the first three)
 * @param brokerConfig any server.properties key, e.g. num.io.threads
 * @param limits       CPU, memory and disk each broker gets (cgroups); absent: the machine's
 * @param security     TLS / SASL of the client listener; absent means plaintext (kept absent so older results
 *                     read back and write out unchanged)
 * @param storage      each broker's data dirs on emulated filesystems (loop devices, root only); absent: a plain
 *                     directory on the filesystem holding the cluster directory
 * @param heap         broker heap for -Xms and -Xmx, e.g. {@code 8g}; absent: 1g. {@code --broker-heap} wins
 * @param tieredStorage tiered storage (KIP-405) with Kafka's local RemoteStorageManager or a named one; absent: none
 * @param kafkaVersion  the Kafka release the brokers run, {@code 3.9.1}: from 3.7.0 on, fetched into kbench's release
 *                      cache on first use; absent: kbench's own. {@code --kafka-version} wins
 * @param javaHome      the JDK that runs the brokers; absent: the JDK running kbench. {@code --broker-java-home} wins
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterSpec(Integer brokers, Map<String, String> brokerConfig, BrokerLimits limits, SecuritySpec security,
                          StorageSpec storage, String heap, TieredStorageSpec tieredStorage, String kafkaVersion,
                          String javaHome) {
    /** A JVM size as -Xmx takes it. */
    private static final java.util.regex.Pattern HEAP = java.util.regex.Pattern.compile("[1-9][0-9]*[kKmMgG]?");

    public ClusterSpec {
        brokers = brokers == null ? 1 : brokers;
        Checks.between("cluster.brokers", brokers, 1, 9);
        brokerConfig = brokerConfig == null ? Map.of() : Map.copyOf(brokerConfig);
        if (heap != null && !HEAP.matcher(heap.trim()).matches()) {
            throw InvalidInputException.field("cluster.heap", heap, "must be a JVM size like 512m or 8g");
        }
        heap = heap == null ? null : heap.trim();
        kafkaVersion = kafkaVersion == null ? null : ReleaseVersion.parse("cluster.kafkaVersion", kafkaVersion).toString();
        if (javaHome != null && javaHome.isBlank()) {
            throw InvalidInputException.field("cluster.javaHome", "''", "must name a JDK directory");
        }
    }

    public static ClusterSpec defaults() {
        return new ClusterSpec(null, null, null, null, null, null, null, null, null);
    }

    /** The security to start the cluster with: plaintext when none is given. */
    public SecuritySpec securityOrPlaintext() {
        return security == null ? SecuritySpec.plaintext() : security;
    }
}
