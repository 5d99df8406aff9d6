package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a broker restart changes (a roll step): server.properties keys laid over the node's current ones. The keys
 * kbench sets per node, and the listener layout every node shares, cannot change one broker at a time.
 *
 * @param config       the keys to set; empty: the broker comes back as it was
 * @param kafkaVersion the Kafka release the broker comes back on ({@code 4.4.0}: kbench's own, or one of the cluster's
 *                     {@link ClusterParams#rollReleases}); null: the release it ran
 */
public record BrokerChange(Map<String, String> config, String kafkaVersion) {
    /** A restart that changes nothing. */
    public static final BrokerChange NONE = new BrokerChange(Map.of(), null);

    /**
     * How long a broker's controlled shutdown may take before SIGKILL ends it (as {@code kbench cluster stop} and the
     * restart of a terminate fault give it).
     */
    public static final Duration SHUTDOWN_GRACE = ProcessStopper.DEFAULT_GRACE;

    /** Listener keys every node must agree on: a broker restarted with others would not reach its peers. */
    private static final Set<String> LISTENER_LAYOUT = Set.of("listener.security.protocol.map",
            "inter.broker.listener.name", "controller.listener.names", "security.inter.broker.protocol");

    public BrokerChange {
        config = Collections.unmodifiableMap(new TreeMap<>(config == null ? Map.of() : config));
        check("config", config);
    }

    /** A change of settings only, on the release the broker runs. */
    public BrokerChange(Map<String, String> config) {
        this(config, null);
    }

    /**
     * Refuses a key a restart cannot change, naming {@code field} (e.g. {@code faults[0].roll.brokerConfig}); made
     * before any broker starts.
     */
    public static void check(String field, Map<String, String> config) {
        config.forEach((key, value) -> {
            if (BrokerConfigs.RESERVED_KEYS.contains(key)) {
                throw InvalidInputException.field(field + "." + key, value,
                        key + " is set by kbench for each node and cannot be changed by a roll");
            }
            if (LISTENER_LAYOUT.contains(key)) {
                throw InvalidInputException.field(field + "." + key, value, "the listener layout is shared by every"
                        + " node and cannot change one broker at a time; set it in cluster.brokerConfig");
            }
        });
    }

    /** The node's config with this change laid over it. */
    Map<String, String> applyTo(Map<String, String> current) {
        Map<String, String> changed = new TreeMap<>(current);
        changed.putAll(config);
        return changed;
    }
}
