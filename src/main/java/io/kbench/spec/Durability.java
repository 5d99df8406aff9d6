package io.kbench.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings that decide how durable a write is, as the producer and the brokers apply them: acks, idempotence,
 * transactions, replication factor, min.insync.replicas and flushing. Declared once here for the two places that
 * must not put unlike durability side by side: {@code kbench compare} and its gate, and {@code kbench history}'s
 * series. Kafka's defaults are written out, so a setting left unset and the same value set explicitly are alike.
 */
public final class Durability {
    /** The names {@link #of} uses, in its order. */
    public static final Set<String> NAMES = Set.of("acks", "enable.idempotence", "transactions", "replication factor",
            "min.insync.replicas", "flush");

    private Durability() {
    }

    /**
     * The durability settings of {@code workload} on brokers configured with {@code brokerConfig}: producer facts when
     * it has producers, topic facts when it names a topic (replication factor only when set).
     */
    public static Map<String, String> of(WorkloadSpec workload, Map<String, String> brokerConfig) {
        Map<String, String> facts = new LinkedHashMap<>();
        if (workload == null) {
            return facts;
        }
        if (workload.producers() != null) {
            ProducerSpec p = workload.producers();
            Map<String, String> props = p.properties() == null ? Map.of() : p.properties();
            String acks = acks(props.get("acks"));
            facts.put("acks", acks);
            facts.put("enable.idempotence", idempotence(props, acks));
            facts.put("transactions", p.transactions() == null ? "off" : "on");
        }
        if (workload.topic() != null) {
            TopicSpec t = workload.topic();
            Map<String, String> configs = t.configs() == null ? Map.of() : t.configs();
            if (t.replicationFactor() != null) {
                facts.put("replication factor", String.valueOf(t.replicationFactor()));
            }
            // Kafka's default for both the topic and the broker setting is 1.
            facts.put("min.insync.replicas", configs.getOrDefault("min.insync.replicas",
                    brokerConfig.getOrDefault("min.insync.replicas", "1")));
            facts.put("flush", flush(configs, brokerConfig));
        }
        return facts;
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

    /** The topic's flush settings, else the brokers' defaults for them; the OS's when neither sets one. */
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
}
