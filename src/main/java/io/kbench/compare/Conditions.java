package io.kbench.compare;

import io.kbench.result.ClusterInfo;
import io.kbench.result.run.RunResult;
import io.kbench.spec.BrokerLimits;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.TopicSpec;
import io.kbench.spec.WorkloadSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a side of a comparison measured under, as far as it changes the figures: durability (acks, idempotence,
 * transactions, replication factor, min.insync.replicas, flushing), the offered load and the cluster (embedded or
 * external, broker count, the brokers' CPU and other limits). Two sides that differ here are not like with like:
 * acks=all beside acks=1, or 20,000 beside 2,000 records/s offered, is a different experiment, and {@code kbench
 * compare} and its gate name each difference beside the figures. Kafka's defaults are written out (acks=all,
 * idempotence on with it, min.insync.replicas=1) so that a default and the same value set explicitly are alike.
 *
 * @param facts name -> value in a fixed order; a fact the result does not record is left out
 */
public record Conditions(Map<String, String> facts) {
    /** The facts that decide what an acknowledged record has survived: a change here is a different durability. */
    static final Set<String> DURABILITY = Set.of("acks", "enable.idempotence", "transactions", "replication factor",
            "min.insync.replicas", "flush");

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
            String acks = acks(props.get("acks"));
            facts.put("acks", acks);
            facts.put("enable.idempotence", idempotence(props, acks));
            facts.put("transactions", p.transactions() == null ? "off" : "on");
            facts.put("offered load", p.rate() == null || p.rate() <= 0 ? "open (unlimited)"
                    // producers.rate is the total over the producers (ProducerSpec), not each one's.
                    : String.format(Locale.ROOT, "%,.0f records/s", p.rate()));
        }
        if (w != null && w.topic() != null) {
            TopicSpec t = w.topic();
            Map<String, String> configs = t.configs() == null ? Map.of() : t.configs();
            if (t.replicationFactor() != null) {
                facts.put("replication factor", String.valueOf(t.replicationFactor()));
            }
            // Kafka's default for both the topic and the broker setting is 1.
            facts.put("min.insync.replicas", configs.getOrDefault("min.insync.replicas",
                    brokerConfig.getOrDefault("min.insync.replicas", "1")));
            facts.put("flush", flush(configs, brokerConfig));
        }
        if (cluster != null) {
            facts.put("cluster", cluster.mode() + ", " + cluster.brokers() + " broker(s)");
            if ("embedded".equals(cluster.mode())) {
                facts.put("broker limits", limits(w == null || w.cluster() == null ? null : w.cluster().limits()));
            }
        }
        return new Conditions(facts);
    }

    /** acks as the producer applies it: absent is Kafka's default since 3.0, all; -1 is all. */
    private static String acks(String value) {
        return value == null || value.trim().equals("-1") ? "all" : value.trim();
    }

    /**
     * Idempotence as the producer applies it: when not set it is on (Kafka 3.0 and later) unless acks or
     * max.in.flight.requests.per.connection conflict with it, in which case the producer turns it off silently.
     */
    private static String idempotence(Map<String, String> props, String acks) {
        String set = props.get("enable.idempotence");
        if (set != null) {
            return set.trim();
        }
        String inFlight = props.getOrDefault("max.in.flight.requests.per.connection", "5").trim();
        boolean fits = acks.equals("all") && inFlight.matches("[1-5]");
        return fits ? "true" : "false";
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

    /** Each broker's cgroup limits, e.g. {@code cpuQuota 0.5, memory 1GiB}; "none" when it had the machine's. */
    private static String limits(BrokerLimits l) {
        if (l == null) {
            return "none";
        }
        List<String> set = new ArrayList<>();
        add(set, "cpus", l.cpus());
        add(set, "cpuQuota", l.cpuQuota() == null ? null
                : new BigDecimal(Double.toString(l.cpuQuota())).stripTrailingZeros().toPlainString());
        add(set, "memory", l.memory());
        add(set, "diskReadBytesPerSec", l.diskReadBytesPerSec());
        add(set, "diskWriteBytesPerSec", l.diskWriteBytesPerSec());
        add(set, "diskReadIops", l.diskReadIops());
        add(set, "diskWriteIops", l.diskWriteIops());
        return set.isEmpty() ? "none" : String.join(", ", set);
    }

    private static void add(List<String> set, String name, Object value) {
        if (value != null) {
            set.add(name + " " + value);
        }
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

    /** The differences from {@code base} in durability alone: what the gate refuses unless told otherwise. */
    public List<String> durabilityDifferencesFrom(Conditions base, String baseLetter) {
        Map<String, String> durability = new LinkedHashMap<>(facts);
        durability.keySet().retainAll(DURABILITY);
        return new Conditions(durability).differencesFrom(base, baseLetter);
    }
}
