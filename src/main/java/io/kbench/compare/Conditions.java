package io.kbench.compare;

import io.kbench.result.ClusterInfo;
import io.kbench.result.run.RunResult;
import io.kbench.spec.BrokerLimits;
import io.kbench.spec.Durability;
import io.kbench.spec.ProducerSpec;
import io.kbench.spec.WorkloadSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
    static final Set<String> DURABILITY = Durability.NAMES;

    public Conditions {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(facts, "facts")));
    }

    /** The conditions a run result records: its resolved workload and its cluster. */
    public static Conditions of(RunResult run) {
        Map<String, String> facts = new LinkedHashMap<>();
        WorkloadSpec w = run.workload();
        ClusterInfo cluster = run.cluster();
        Map<String, String> brokerConfig = cluster == null || cluster.brokerConfig() == null ? Map.of() : cluster.brokerConfig();
        Map<String, String> durability = Durability.of(w, brokerConfig);
        // In the order a reader weighs them: acks, idempotence and transactions, the offered load, then the topic's.
        for (String name : List.of("acks", "enable.idempotence", "transactions")) {
            if (durability.containsKey(name)) {
                facts.put(name, durability.get(name));
            }
        }
        if (w != null && w.producers() != null) {
            ProducerSpec p = w.producers();
            // producers.rate is the total over the producers (ProducerSpec), not each one's; stages are named whole.
            facts.put("offered load", p.offeredLoadText());
        }
        durability.forEach(facts::putIfAbsent);
        if (cluster != null) {
            facts.put("cluster", cluster.mode() + ", " + cluster.brokers() + " broker(s)");
            if ("embedded".equals(cluster.mode())) {
                facts.put("broker limits", limits(w == null || w.cluster() == null ? null : w.cluster().limits()));
            }
        }
        return new Conditions(facts);
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
