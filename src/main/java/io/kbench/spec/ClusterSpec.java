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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterSpec(Integer brokers, Map<String, String> brokerConfig, BrokerLimits limits) {
    public ClusterSpec {
        brokers = brokers == null ? 1 : brokers;
        Checks.between("cluster.brokers", brokers, 1, 9);
        brokerConfig = brokerConfig == null ? Map.of() : Map.copyOf(brokerConfig);
    }

    public static ClusterSpec defaults() {
        return new ClusterSpec(null, null, null);
    }
}
