package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import java.util.Map;

/**
 * The embedded cluster a workload wants when no bootstrap server is given.
 *
 * @param brokers      broker JVMs to start (KRaft, combined broker+controller for the first three)
 * @param brokerConfig any server.properties key, e.g. num.io.threads
 * @param limits       CPU, memory and disk each broker gets (cgroups); absent: the machine's
 * @param security     TLS / SASL of the client listener; absent means plaintext (kept absent so older results
 *                     read back and write out unchanged)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterSpec(Integer brokers, Map<String, String> brokerConfig, BrokerLimits limits, SecuritySpec security) {
    public ClusterSpec {
        brokers = brokers == null ? 1 : brokers;
        Checks.between("cluster.brokers", brokers, 1, 9);
        brokerConfig = brokerConfig == null ? Map.of() : Map.copyOf(brokerConfig);
    }

    public static ClusterSpec defaults() {
        return new ClusterSpec(null, null, null, null);
    }

    /** The security to start the cluster with: plaintext when none is given. */
    public SecuritySpec securityOrPlaintext() {
        return security == null ? SecuritySpec.plaintext() : security;
    }
}
