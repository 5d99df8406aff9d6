package io.kbench.compare;

import io.kbench.result.ClusterInfo;
import io.kbench.result.run.RunResult;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a side of a comparison measured under, as far as it changes the figures: durability (acks, idempotence,
 * replication factor, min.insync.replicas, flushing, transactions), the offered load and the cluster. Two sides that
 * differ here are not like with like: acks=all beside acks=1, or 20,000 beside 2,000 records/s offered, is a
 * different experiment, and {@code kbench compare} names each difference beside the figures.
 *
 * @param facts name -> value in a fixed order; a fact the result does not record is left out
 */
public record Conditions(Map<String, String> facts) {
    private static final String KAFKA_DEFAULT = "Kafka's default";

    public Conditions {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(facts, "facts")));
    }

    /** The conditions a run result records: its resolved workload and its cluster. */
    public static Conditions of(RunResult run) {
        Map<String, String> facts = new LinkedHashMap<>();
        WorkloadSpec w = run.workload();
        ClusterInfo cluster = run.cluster();
        Map<String, String> brokerConfig = cluster == null || cluster.brokerConfig() == null ? Map.of() : cluster.brokerConfig();
        if (w != null && w.producers() != null) {
            ProducerSpec p = w.producers();
            Map<String, String> props = p.properties() == null ? Map.of() : p.properties();
            facts.put("acks", props.getOrDefault("acks", KAFKA_DEFAULT));
            facts.put("enable.idempotence", props.getOrDefault("enable.idempotence", KAFKA_DEFAULT));
            facts.put("transactions", p.transactions() == null ? "off" : "on");
            facts.put("offered load", p.rate() == null || p.rate() <= 0 ? "open (unlimited)"
                    : String.format(Locale.ROOT, "%,.0f records/s", p.rate() * (p.count() == null ? 1 : p.count())));
        }
        if (w != null && w.topic() != null) {
            TopicSpec t = w.topic();
            Map<String, String> configs = t.configs() == null ? Map.of() : t.configs();
            if (t.replicationFactor() != null) {
                facts.put("replication factor", String.valueOf(t.replicationFactor()));
            }
            facts.put("min.insync.replicas", configs.getOrDefault("min.insync.replicas",
                    brokerConfig.getOrDefault("min.insync.replicas", KAFKA_DEFAULT)));
            facts.put("flush", flush(configs, brokerConfig));
        }
        if (cluster != null) {
            facts.put("cluster", cluster.mode() + ", " + cluster.brokers() + " broker(s)");
        }
        return new Conditions(facts);
    }

    private static String flush(Map<String, String> topic, Map<String, String> broker) {
        List<String> set = new ArrayList<>();
        for (String[] key : new String[][] {{"flush.messages", "log.flush.interval.messages"},
                {"flush.ms", "log.flush.interval.ms"}}) {
            String value = topic.getOrDefault(key[0], broker.get(key[1]));
            if (value != null) {
                set.add(key[0] + "=" + value);
            }
        }
        return set.isEmpty() ? "the OS's (no flush settings)" : String.join(", ", set);
    }

    /** Each fact in which this side differs from {@code base}, e.g. {@code acks 1 (A: all)}; empty for like with like. */
    public List<String> differencesFrom(Conditions base, String baseLetter) {
        List<String> out = new ArrayList<>();
        facts.forEach((name, value) -> {
            String other = base.facts.get(name);
            if (other != null && !other.equals(value)) {
                out.add(name + " " + value + " (" + baseLetter + ": " + other + ")");
            }
        });
        return out;
    }
}
