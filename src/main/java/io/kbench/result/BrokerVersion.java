package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One broker's versions as the running broker reported them over JMX (not copied from a setting): Kafka's
 * {@code kafka.server:type=app-info} MBean and the JVM's {@code java.lang:type=Runtime} system properties.
 *
 * @param nodeId       the node id the app-info MBean is registered under; null when it has no numeric id
 * @param jmxAddress   HOST:PORT it was read from
 * @param kafkaVersion the broker's Kafka release, e.g. {@code 4.3.1}
 * @param commitId     the source commit of that build, e.g. {@code 9a8b7c6d5e4f3a2b}
 * @param jdk          the broker JVM's {@code java.version}, e.g. {@code 17.0.15}; null when not readable
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BrokerVersion(Integer nodeId, String jmxAddress, String kafkaVersion, String commitId, String jdk) {

    /**
     * The brokers' Kafka version in one phrase: the version when they all agree ({@code 4.3.1}), else each version
     * with its brokers ({@code mixed: 4.3.1 (brokers 1, 2), 4.4.0 (broker 3)}), as during a rolling upgrade; null when
     * no broker said its version (the result then records none rather than a word standing for it).
     */
    public static String summary(List<BrokerVersion> versions) {
        Map<String, List<String>> byVersion = new TreeMap<>();
        for (BrokerVersion v : versions) {
            // A broker whose app-info could not be read is "unknown", never the word null in a result.
            byVersion.computeIfAbsent(v.kafkaVersion() == null ? "unknown" : v.kafkaVersion(), k -> new ArrayList<>())
                    .add(v.nodeId() != null ? String.valueOf(v.nodeId()) : v.jmxAddress());
        }
        if (byVersion.size() == 1) {
            String only = byVersion.keySet().iterator().next();
            return only.equals("unknown") ? null : only;
        }
        return "mixed: " + byVersion.entrySet().stream()
                .map(e -> e.getKey() + " (broker" + (e.getValue().size() > 1 ? "s " : " ") + String.join(", ", e.getValue()) + ")")
                .collect(Collectors.joining(", "));
    }
}
