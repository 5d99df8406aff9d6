package io.kbench.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.io.Redactor;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.PropertyKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * One named external cluster of a campaign (a sweep file's {@code clusters:} list): every point of the sweep runs on
 * each of them, so one sweep compares instance types, or hosts of another size, under the same workload. Documented
 * in docs/sweeps.md ("Campaign across clusters").
 *
 * @param name             1-64 of a-zA-Z0-9._-: the point names ({@code cluster=NAME}), tags.cluster and the cost
 *                         table's rows
 * @param bootstrapServers HOST:PORT[,HOST:PORT...] of the cluster
 * @param instanceType     what its brokers run on (e.g. r6g.xlarge): tags.instanceType, the price looked up by
 *                         {@code kbench cost}
 * @param brokers          how many brokers it has; checked against the cluster before the first run, and the divisor of
 *                         records/s per node
 * @param vcpus            vCPUs of one broker host, when known (tags.vcpus)
 * @param description      free text
 * @param properties       client properties for this cluster only (security.protocol, ssl.truststore.location, ...); a
 *                         secret is refused here: give it in {@code propertiesEnv}
 * @param propertiesEnv    client property -> environment variable holding its value, read when the sweep runs, so that
 *                         no secret is in the sweep file or the sweep directory's copy of it
 * @param set              workload path -> value applied (like --set) to every point on this cluster, for a workload
 *                         that scales with the cluster (S1: producers, consumers and partitions twice the vCPUs); a path
 *                         the axes or points vary, or a cluster.* path, is refused
 */
public record CampaignCluster(String name, String bootstrapServers, String instanceType, Integer brokers, Integer vcpus,
                              String description, Map<String, String> properties, Map<String, String> propertiesEnv,
                              Map<String, JsonNode> set) {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9._-]{1,64}");

    public CampaignCluster {
        if (name == null || !NAME.matcher(name).matches()) {
            throw InvalidInputException.field("clusters[].name", name == null ? "none" : "'" + name + "'",
                    "must be 1-64 of a-zA-Z0-9._-");
        }
        String where = "clusters[" + name + "]";
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw InvalidInputException.field(where + ".bootstrapServers", "none", "give HOST:PORT[,HOST:PORT...]");
        }
        try {
            new ClusterTarget.External(bootstrapServers);
        } catch (InvalidInputException e) {
            throw InvalidInputException.field(where + ".bootstrapServers", bootstrapServers, "is not a list of HOST:PORT addresses");
        }
        if (instanceType == null || instanceType.isBlank()) {
            throw InvalidInputException.field(where + ".instanceType", "none",
                    "name what the brokers run on (kbench cost looks its price up by it)");
        }
        if (brokers == null) {
            throw InvalidInputException.field(where + ".brokers", "none", "give the cluster's broker count");
        }
        Checks.atLeast(where + ".brokers", brokers, 1);
        if (vcpus != null) {
            Checks.atLeast(where + ".vcpus", vcpus, 1);
        }
        properties = checked(where + ".properties", properties == null ? Map.of() : properties, false);
        propertiesEnv = checked(where + ".propertiesEnv", propertiesEnv == null ? Map.of() : propertiesEnv, true);
        set = set == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(set));
        for (Map.Entry<String, JsonNode> e : set.entrySet()) {
            String path = e.getKey();
            if (path.isBlank() || path.equals("name") || path.startsWith("topic.name") || path.equals("cluster")
                    || path.startsWith("cluster.")) {
                throw InvalidInputException.field(where + ".set." + path, "'" + path + "'", path.startsWith("cluster")
                        ? "kbench sets nothing of an external cluster: configure its brokers yourself"
                        : "cannot be set per cluster (the sweep names results and topics itself)");
            }
            if (e.getValue() == null || e.getValue().isNull() || e.getValue().isMissingNode()) {
                throw InvalidInputException.field(where + ".set." + path, "null", "needs a value");
            }
        }
        for (String key : properties.keySet()) {
            if (propertiesEnv.containsKey(key)) {
                throw InvalidInputException.field(where + ".properties." + key, "also in propertiesEnv", "give it once");
            }
        }
    }

    private static Map<String, String> checked(String where, Map<String, String> props, boolean fromEnv) {
        for (Map.Entry<String, String> e : props.entrySet()) {
            if (e.getValue() == null || e.getValue().isBlank()) {
                throw InvalidInputException.field(where + "." + e.getKey(), "''", "needs a value");
            }
            if (e.getKey().equals(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)) {
                throw InvalidInputException.field(where + "." + e.getKey(), e.getValue(),
                        "is the cluster's bootstrapServers: give it there");
            }
            // The sweep file is copied into the sweep directory: a secret in it would be kept next to the results.
            if (!fromEnv && Redactor.isSecret(e.getKey())) {
                throw InvalidInputException.field(where + "." + e.getKey(), Redactor.REDACTED,
                        "is a secret: name the environment variable holding it under propertiesEnv instead");
            }
        }
        if (!fromEnv) {
            KafkaConfigCheck.allKnown(where + ".", props, PropertyKind.ANY_CLIENT);
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>(props));
    }

    /**
     * The client connection to this cluster: {@code shared} (--command-config and the like, without bootstrap servers),
     * then this cluster's properties, the environment's values and its bootstrap servers.
     */
    public Map<String, String> connection(Map<String, String> shared, Map<String, String> environment) {
        Map<String, String> conn = new LinkedHashMap<>(shared);
        conn.putAll(properties);
        propertiesEnv.forEach((key, variable) -> {
            String value = environment.get(variable);
            if (value == null) {
                throw InvalidInputException.field("clusters[" + name + "].propertiesEnv." + key, variable,
                        "no such environment variable");
            }
            conn.put(key, value);
        });
        conn.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return conn;
    }

    /** The labels every repetition on this cluster carries in result.json's tags. */
    public Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("cluster", name);
        tags.put("instanceType", instanceType);
        if (vcpus != null) {
            tags.put("vcpus", String.valueOf(vcpus));
        }
        return tags;
    }

    /** How the dry run and the progress lines name it: {@code r6g-xlarge (r6g.xlarge, 3 brokers) at HOST:PORT}. */
    public String describe() {
        return name + " (" + instanceType + ", " + brokers + " broker(s)" + (vcpus == null ? "" : ", " + vcpus + " vCPUs")
                + ") at " + bootstrapServers;
    }
}
