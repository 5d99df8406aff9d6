package io.kbench.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a run ran on: the parts that make two runs' figures comparable. Runs whose environments differ are never
 * mixed silently in history or a baseline.
 *
 * @param clusterShape       e.g. {@code embedded/3 brokers}
 * @param kbenchVersion      kbench version
 * @param kafkaClientVersion the client that sent and read: the Java kafka-clients version when no driver ran, else the
 *                           driver's client and version ({@code franz-go v1.22.3}), or each side's when they differ
 *                           ({@code producers franz-go v1.22.3, consumers java 4.3.1}); see LoadClients
 * @param kafkaBrokerVersion broker version, when known
 * @param clientJdk          JDK of the load generator
 * @param brokerJdk          JDK of the brokers, when known (embedded only)
 * @param os                 operating system, version and architecture
 * @param cpuModel           CPU model
 * @param cores              processors of the load generator
 * @param host               host name where the run was recorded live; absent for imported runs
 */
public record RunEnvironment(String clusterShape, String kbenchVersion, String kafkaClientVersion,
                             String kafkaBrokerVersion, String clientJdk, String brokerJdk, String os, String cpuModel,
                             int cores, String host) {
    public RunEnvironment {
        Objects.requireNonNull(clusterShape, "clusterShape");
        if (cores < 0) {
            throw new IllegalArgumentException("cores: must be >= 0 (got " + cores + ")");
        }
    }

    /** The fields by name, in a fixed order; what a change point lists when they differ. */
    public Map<String, String> fields() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cluster shape", clusterShape);
        m.put("kbench", kbenchVersion);
        m.put("Kafka clients", kafkaClientVersion);
        m.put("Kafka brokers", kafkaBrokerVersion);
        m.put("client JDK", clientJdk);
        m.put("broker JDK", brokerJdk);
        m.put("OS", os);
        m.put("CPU", cpuModel);
        m.put("cores", Integer.toString(cores));
        m.put("host", host);
        return m;
    }

    /**
     * SHA-256 (hex) over every field but the host name: an imported run has no host name, and the CPU, core count
     * and OS already tell machines apart for comparison's sake.
     */
    public String key() {
        Map<String, String> f = fields();
        f.remove("host");
        return Hashes.sha256(String.join("\u0000", f.values().stream().map(String::valueOf).toList()));
    }

    /**
     * The fields that differ between this environment and {@code other}, each as {@code name before -> after}; a field
     * a run did not record (an external cluster's broker JDK, an imported run's host) reads "unknown", never "null".
     */
    public List<String> differences(RunEnvironment other) {
        Map<String, String> mine = fields();
        Map<String, String> theirs = other.fields();
        return mine.keySet().stream().filter(k -> !Objects.equals(mine.get(k), theirs.get(k)))
                .map(k -> k + " " + shown(mine.get(k)) + " -> " + shown(theirs.get(k))).toList();
    }

    /** A recorded value as the terminal says it: "unknown" for one the run did not record. */
    public static String shown(String value) {
        return value == null ? "unknown" : value;
    }
}
