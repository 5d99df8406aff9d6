package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import io.kbench.unit.ByteSize;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/**
 * Checks property values against Kafka's own config definitions, so a value Kafka would reject ({@code acks=banana},
 * {@code compression.type=foo}, {@code num.io.threads=0}) fails in milliseconds instead of after a broker started.
 * Unknown keys pass, as they do in Kafka: it only warns about them, and plugins, interceptors and listener prefixes
 * bring keys of their own.
 */
public final class KafkaConfigCheck {
    private KafkaConfigCheck() {
    }

    /**
     * Every pass-through property of a workload: topic configs, broker settings, producer and consumer properties.
     * Called once per run before anything starts (experiment's Preflight, which also serves --dry-run and every sweep
     * point), not by the records' constructors: a result read back holds redacted values that are no longer valid
     * Kafka values, and must still load.
     */
    public static void workload(WorkloadSpec spec) {
        topic("topic.configs.", spec.topic().configs());
        broker("cluster.brokerConfig.", spec.cluster().brokerConfig());
        producer("producers.properties.", spec.producers().properties());
        consumer("consumers.properties.", spec.consumers().properties());
    }

    /**
     * Producer properties; {@code prefix} names their source in the error and is followed by the key, e.g.
     * {@code "producers.properties."} or {@code "--producer-props "}.
     */
    public static void producer(String prefix, Map<String, String> props) {
        check(prefix, props, List.of(ProducerConfig.configDef()));
    }

    public static void consumer(String prefix, Map<String, String> props) {
        check(prefix, props, List.of(ConsumerConfig.configDef()));
    }

    /** Properties applied to every client (producer, consumer, admin): each key is checked where it is defined. */
    public static void anyClient(String prefix, Map<String, String> props) {
        check(prefix, props, List.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef()));
    }

    /** server.properties overrides, against the definitions of the broker kbench launches. */
    public static void broker(String prefix, Map<String, String> props) {
        check(prefix, props, List.of(BrokerDefinitions.BROKER));
    }

    /** Topic-level configs (retention.ms, cleanup.policy, ...). */
    public static void topic(String prefix, Map<String, String> props) {
        check(prefix, props, List.of(BrokerDefinitions.TOPIC));
    }

    private static void check(String prefix, Map<String, String> props, List<ConfigDef> defs) {
        if (props.isEmpty()) {
            return;
        }
        for (Map.Entry<String, String> e : props.entrySet()) {
            if (TlsNames.applies(e.getKey()) && e.getValue() != null) {
                TlsNames.check(prefix + e.getKey(), e.getKey(), e.getValue());
            }
            for (ConfigDef def : defs) {
                ConfigDef.ConfigKey key = def.configKeys().get(e.getKey());
                if (key != null) {
                    checkValue(prefix + e.getKey(), key, e.getValue());
                }
            }
        }
    }

    private static void checkValue(String field, ConfigDef.ConfigKey key, String value) {
        try {
            Object parsed = ConfigDef.parseType(key.name, value, key.type);
            if (key.validator != null) {
                key.validator.ensureValid(key.name, parsed);
            }
        } catch (ConfigException e) {
            throw InvalidInputException.field(field, value, problem(e.getMessage(), key.name) + sizeHint(key, value));
        }
    }

    /**
     * Kafka reads its properties itself and takes byte sizes as plain numbers only; a size written the way workload
     * fields take it ({@code 64Ki}) gets the number to write instead.
     */
    private static String sizeHint(ConfigDef.ConfigKey key, String value) {
        boolean bytes = key.name.endsWith("bytes") || key.name.endsWith(".size") || key.name.endsWith("memory");
        if (!bytes || key.type != ConfigDef.Type.INT && key.type != ConfigDef.Type.LONG || value == null
                || value.strip().matches("-?\\d+")) {
            return "";
        }
        try {
            return "; Kafka takes a plain number of bytes here, e.g. " + ByteSize.parse(value) + " for " + value.strip();
        } catch (IllegalArgumentException notASize) {
            return "";
        }
    }

    /** Kafka says "Invalid value X for configuration K: why"; the field and value are already in kbench's message. */
    private static String problem(String message, String name) {
        String marker = " for configuration " + name + ": ";
        int at = message == null ? -1 : message.indexOf(marker);
        String why = at < 0 ? message : message.substring(at + marker.length());
        if (why != null && why.startsWith("Not a number of type ")) {
            return "must be a whole number"; // Kafka's wording names its own type (INT, LONG)
        }
        return why == null || why.isBlank() ? "Kafka rejects this value" : why.strip();
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
