package io.kbench.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.ClusterInfo;
import io.kbench.spec.BrokerLimits;
import io.kbench.spec.ConsumerSpec;
import io.kbench.spec.Durability;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.RecordSizeSpec;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a run measured under, in two parts. The {@code settings} change what is measured: durability (acks,
 * idempotence, transactions, replication factor, min.insync.replicas, flushing), the offered load, record size,
 * partitions, producers and consumers, every producer property and topic or broker config, and the cluster's kind
 * and size. Runs of one workload whose settings differ are different experiments (the points of a sweep), so history
 * puts them in different series. The {@code conditions} are the cluster's hardware limits ({@code cluster.limits}):
 * the same experiment on a smaller machine, so they stay in one series, where a change between them is named as what
 * changed ("did my cluster get slower" is the question history answers).
 *
 * <p>Neither part is a hash of the whole workload: a sweep gives each repetition a fresh topic name, so that hash
 * differs per repetition and cannot group anything.
 *
 * @param settings   name -> value, sorted by name; empty for a run recorded before the catalog kept them
 * @param conditions name -> value, sorted by name
 */
public record RunSetup(Map<String, String> settings, Map<String, String> conditions) {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String KAFKA_DEFAULT = "Kafka's default";
    /** Producer properties that say who or where a client is, not how it sends: never part of the settings. */
    private static final Set<String> IDENTITY = Set.of("bootstrap.servers", "client.id", ProducerSpec.TRANSACTIONAL_ID);

    public RunSetup {
        settings = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(settings, "settings")));
        conditions = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(conditions, "conditions")));
    }

    /** A run recorded before the catalog kept its setup: one series per workload name, as before. */
    public static RunSetup unknown() {
        return new RunSetup(Map.of(), Map.of());
    }

    /** Whether the settings were recorded at all. */
    public boolean known() {
        return !settings.isEmpty();
    }

    /** The setup of a run: its resolved workload and the cluster it ran on (null when unknown). */
    static RunSetup of(WorkloadSpec w, ClusterInfo cluster, boolean rateIsMeasured) {
        Map<String, String> s = new TreeMap<>();
        ProducerSpec p = w.producers();
        Map<String, String> props = p.properties() == null ? Map.of() : p.properties();
        if (!rateIsMeasured) {
            // A find-max answer is a rate: the offered load is what it varies, not a setting.
            s.put("offered load", p.offeredLoadText());
        }
        s.put("producers", String.valueOf(p.count()));
        s.put("record size", recordSize(p.recordSize()));
        props.forEach((k, v) -> {
            if (!IDENTITY.contains(k) && !secure(k) && !Durability.NAMES.contains(k)) {
                s.put("producer " + k, v);
            }
        });
        TopicSpec t = w.topic();
        Map<String, String> topicConfigs = t.configs() == null ? Map.of() : t.configs();
        Map<String, String> brokerConfig = cluster != null && cluster.brokerConfig() != null ? cluster.brokerConfig()
                : w.cluster().brokerConfig() == null ? Map.of() : w.cluster().brokerConfig();
        s.put("partitions", String.valueOf(t.partitions()));
        // Durability as compare judges it (Kafka's defaults written out): acks unset and acks=all are one series.
        s.putAll(Durability.of(w, brokerConfig));
        s.putIfAbsent("replication factor", KAFKA_DEFAULT);
        topicConfigs.forEach((k, v) -> s.putIfAbsent("topic " + k, v));
        brokerConfig.forEach((k, v) -> {
            if (!secure(k) && !placement(k)) {
                s.putIfAbsent("broker " + k, v);
            }
        });
        ConsumerSpec c = w.consumers();
        s.put("consumers", c.mode() + (c.enabled() ? " x" + c.count() : ""));
        s.put("cluster", cluster == null ? "embedded, " + w.cluster().brokers() + " broker(s)"
                : cluster.mode() + ", " + cluster.brokers() + " broker(s)");
        return new RunSetup(s, conditions(cluster == null || "embedded".equals(cluster.mode()) ? w.cluster().limits() : null));
    }

    /** The setup of a sweep point recorded from sweep.json: its overrides are what sets it apart. */
    static RunSetup ofPoint(Map<String, ?> overrides) {
        Map<String, String> s = new TreeMap<>();
        overrides.forEach((k, v) -> s.put(k, v instanceof com.fasterxml.jackson.databind.JsonNode n && n.isValueNode()
                ? n.asText() : String.valueOf(v)));
        if (s.isEmpty()) {
            s.put("overrides", "none");
        }
        return new RunSetup(s, Map.of("cluster limits", "not recorded"));
    }

    private static Map<String, String> conditions(BrokerLimits limits) {
        if (limits == null) {
            return Map.of("cluster limits", "none");
        }
        List<String> set = new ArrayList<>();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("cpus", limits.cpus());
        fields.put("cpuQuota", limits.cpuQuota());
        fields.put("memory", limits.memory());
        fields.put("diskReadBytesPerSec", limits.diskReadBytesPerSec());
        fields.put("diskWriteBytesPerSec", limits.diskWriteBytesPerSec());
        fields.put("diskReadIops", limits.diskReadIops());
        fields.put("diskWriteIops", limits.diskWriteIops());
        fields.forEach((k, v) -> {
            if (v != null) {
                set.add(k + "=" + v);
            }
        });
        return Map.of("cluster limits", set.isEmpty() ? "none" : String.join(", ", set));
    }

    /** Broker configs that say where a broker listens or keeps its files, which differ per start, not how it works. */
    private static boolean placement(String key) {
        return key.contains("listener") || key.contains("quorum") || key.endsWith(".dirs") || key.endsWith(".dir")
                || key.equals("node.id") || key.equals("broker.id");
    }

    private static boolean secure(String key) {
        return key.startsWith("ssl.") || key.startsWith("sasl.") || key.startsWith("security.")
                || key.contains("password") || key.contains("secret");
    }

    private static String recordSize(RecordSizeSpec size) {
        if (size == null) {
            return "default";
        }
        if (size.bytes() != null) {
            return size.bytes() + " B";
        }
        if (size.mean() != null) {
            return "normal mean " + size.mean() + " B sd " + size.stddev() + " B in " + size.min() + "-" + size.max() + " B";
        }
        return "uniform " + size.min() + "-" + size.max() + " B";
    }

    /** The settings in one line, {@code name=value} by name; what a series is keyed and titled by. */
    public String settingsText() {
        if (!known()) {
            return "settings not recorded (a run recorded before kbench kept them; `kbench catalog import` its directory again)";
        }
        List<String> parts = new ArrayList<>();
        settings.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(", ", parts);
    }

    /** Each condition in which {@code after} differs from this, e.g. {@code cluster limits none -> cpuQuota=0.5}. */
    public List<String> conditionChanges(RunSetup after) {
        List<String> out = new ArrayList<>();
        Set<String> names = new java.util.TreeSet<>(conditions.keySet());
        names.addAll(after.conditions.keySet());
        for (String name : names) {
            String was = conditions.get(name);
            String is = after.conditions.get(name);
            if (!Objects.equals(was, is)) {
                out.add(name + " " + (was == null ? "not recorded" : was) + " -> " + (is == null ? "not recorded" : is));
            }
        }
        return out;
    }

    /** As stored in the catalog's {@code setup} column. */
    String json() {
        try {
            return JSON.writeValueAsString(Map.of("settings", settings, "conditions", conditions));
        } catch (Exception e) {
            throw new IllegalStateException("setup JSON", e);
        }
    }

    /** The most of a {@code setup} column read back: a setup kbench writes is a few KiB. */
    static final int MAX_JSON_CHARS = 64 * 1024;

    /**
     * Read back from the catalog's {@code setup} column. A catalog may be shared (PostgreSQL) and edited by others: a
     * value that is absent (a row written before the column), oversized or not a setup reads as unknown, so the run
     * still shows, in its workload's series with "settings not recorded", and never ends {@code kbench history}.
     */
    static RunSetup parse(String json) {
        if (json == null || json.isBlank() || json.length() > MAX_JSON_CHARS) {
            return unknown();
        }
        try {
            Map<String, Map<String, String>> m = JSON.readValue(json, new TypeReference<>() { });
            Map<String, String> settings = m == null ? null : m.get("settings");
            Map<String, String> conditions = m == null ? null : m.get("conditions");
            if (settings == null || conditions == null || settings.containsValue(null) || conditions.containsValue(null)) {
                return unknown();
            }
            return new RunSetup(settings, conditions);
        } catch (com.fasterxml.jackson.core.JacksonException | IllegalArgumentException e) {
            return unknown();
        }
    }
}
