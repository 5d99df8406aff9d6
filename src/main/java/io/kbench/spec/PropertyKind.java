package io.kbench.spec;

import io.kbench.release.BundledRelease;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

/**
 * The kinds of properties map a workload or a command line passes through to Kafka, with the names Kafka defines for
 * each (its own {@link ConfigDef}s, read from the jars kbench runs) and the prefixes under which Kafka itself reads
 * names it cannot list: {@code config.providers.<name>.} and {@code metrics.context.} on clients (KIP-297, KIP-606),
 * {@code listener.name.<listener>.} on brokers (KIP-103) and the tiered-storage plugins' prefixes
 * ({@code rsm.config.}, {@code rlmm.config.}: the defaults of {@code remote.log.*.impl.prefix}, KIP-405).
 */
public enum PropertyKind {
    PRODUCER("producer config", () -> names(List.of(ProducerConfig.configDef())), ClientPrefixes.LIST),
    CONSUMER("consumer config", () -> names(List.of(ConsumerConfig.configDef())), ClientPrefixes.LIST),
    /** Connection properties, applied to producers, consumers and admin clients alike. */
    ANY_CLIENT("client config (producer, consumer or admin)", () -> names(List.of(ProducerConfig.configDef(),
            ConsumerConfig.configDef(), AdminClientConfig.configDef())), ClientPrefixes.LIST),
    BROKER("broker config", () -> brokerNames(), List.of("listener.name.", "rsm.config.", "rlmm.config.")),
    TOPIC("topic config", () -> names(List.of(BrokerDefinitions.TOPIC)), List.of());

    private final String words;
    private final Supplier<Set<String>> source;
    private final List<String> openPrefixes;
    private volatile Set<String> names;

    PropertyKind(String words, Supplier<Set<String>> source, List<String> openPrefixes) {
        this.words = words;
        this.source = source;
        this.openPrefixes = openPrefixes;
    }

    /** "producer config" and the like, for "not a Kafka producer config". */
    public String words() {
        return words;
    }

    /** Every name Kafka defines for this kind, sorted; read once, on first use (the broker's classes are large). */
    public Set<String> names() {
        Set<String> n = names;
        if (n == null) {
            n = Collections.unmodifiableSet(source.get());
            names = n;
        }
        return n;
    }

    /** The definitions of this kind, for checking a known name's value. */
    List<ConfigDef> definitions() {
        return switch (this) {
            case PRODUCER -> List.of(ProducerConfig.configDef());
            case CONSUMER -> List.of(ConsumerConfig.configDef());
            case ANY_CLIENT -> List.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef());
            case BROKER -> List.of(BrokerDefinitions.BROKER);
            case TOPIC -> List.of(BrokerDefinitions.TOPIC);
        };
    }

    /**
     * Whether this JVM holds Kafka's definitions of this kind. A kbench re-launched on another release's client jars
     * ({@code clients.kafkaVersion}) holds the client's only, not the broker's; the kbench that re-launched it checked
     * the broker and topic settings against kbench's own Kafka before it did ({@code RunContextOptions.launch}).
     */
    public boolean definedHere() {
        return this != BROKER && this != TOPIC || BundledRelease.onClassPath();
    }

    /** Whether Kafka reads {@code key} in a map of this kind: a defined name, or one under a prefix Kafka reads. */
    public boolean knows(String key) {
        return names().contains(key) || openPrefixes.stream().anyMatch(p -> key.startsWith(p) && key.length() > p.length());
    }

    /** The prefixes under which Kafka reads names of its own choosing, e.g. {@code listener.name.}. */
    public List<String> openPrefixes() {
        return openPrefixes;
    }

    /**
     * The broker's definitions, and the names Kafka's own authorizer reads from the broker's settings without the
     * broker defining them (StandardAuthorizer: {@code super.users}, {@code allow.everyone.if.no.acl.found}).
     */
    private static Set<String> brokerNames() {
        Set<String> all = names(List.of(BrokerDefinitions.BROKER));
        all.addAll(List.of("super.users", "allow.everyone.if.no.acl.found"));
        return all;
    }

    private static Set<String> names(List<ConfigDef> defs) {
        Set<String> all = new TreeSet<>();
        defs.forEach(d -> all.addAll(d.names()));
        return all;
    }

    private static final class ClientPrefixes {
        static final List<String> LIST = List.of("config.providers.", "metrics.context.");
    }

    /**
     * The broker's definitions come from the broker jars, which are on kbench's runtime class path (the embedded
     * brokers run from it) but not on its compile class path: kbench never runs a broker in-process.
     */
    private static final class BrokerDefinitions {
        static final ConfigDef BROKER = staticValue("org.apache.kafka.server.config.AbstractKafkaConfig", "CONFIG_DEF");
        static final ConfigDef TOPIC = staticValue("org.apache.kafka.storage.internals.log.LogConfig", "configDefCopy");

        private static ConfigDef staticValue(String className, String member) {
            try {
                Class<?> c = Class.forName(className);
                Object def = member.equals("CONFIG_DEF") ? c.getField(member).get(null) : c.getMethod(member).invoke(null);
                return (ConfigDef) def;
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new IllegalStateException("Kafka broker classes missing from the class path: " + className, e);
            }
        }
    }
}
