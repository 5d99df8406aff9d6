package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import io.kbench.format.DidYouMean;
import io.kbench.unit.ByteSize;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/**
 * Checks pass-through properties against Kafka's own config definitions, so a name Kafka does not define
 * ({@code lingr.ms}) or a value Kafka would reject ({@code acks=banana}, {@code compression.type=foo},
 * {@code num.io.threads=0}) fails in milliseconds instead of benchmarking a default or failing after a broker started.
 * Kafka itself only warns about names it does not know; kbench refuses them, with the nearest defined name, because a
 * typo would otherwise measure the default without a word. A plugin's own names (interceptors, serializers, metrics
 * reporters bring keys Kafka cannot list) pass when listed in {@link UncheckedProperties}.
 */
public final class KafkaConfigCheck {
    /** Names that hold secrets without Kafka typing them PASSWORD (a plugin's {@code my.api.token}). */
    private static final Pattern SECRET_NAME = Pattern.compile("password|secret|jaas|token|credential|\\.key$");

    private KafkaConfigCheck() {
    }

    /**
     * Every pass-through property of a workload: topic configs, broker settings, producer and consumer properties.
     * Called once per run before anything starts (experiment's Preflight, which also serves --dry-run and every sweep
     * point), not by the records' constructors: a result read back holds redacted values that are no longer valid
     * Kafka values, and must still load.
     */
    public static void workload(WorkloadSpec spec) {
        UncheckedProperties unchecked = new UncheckedProperties(spec.uncheckedProperties(), UncheckedProperties.FIELD);
        unchecked.checkNotKafkas();
        check("topic.configs.", spec.topic().configs(), PropertyKind.TOPIC, unchecked);
        check("cluster.brokerConfig.", spec.cluster().brokerConfig(), PropertyKind.BROKER, unchecked);
        for (int i = 0; i < spec.faults().size(); i++) {
            // A rolling configuration change: a key the broker does not define would be ignored by every restart.
            check("faults[" + i + "].roll.brokerConfig.", spec.faults().get(i).rollOrPlain().changes(),
                    PropertyKind.BROKER, unchecked);
        }
        if (ClientsSpec.runHere(spec.clientKafkaVersion())) {
            check("producers.properties.", spec.producers().properties(), PropertyKind.PRODUCER, unchecked);
            check("consumers.properties.", spec.consumers().properties(), PropertyKind.CONSUMER, unchecked);
        }
    }

    /**
     * Properties from a command line; {@code prefix} names their source in the error and is followed by the key, e.g.
     * {@code "--producer-props "}. Names in {@code unchecked} pass unchecked (after {@link #unchecked} checked them).
     */
    public static void flags(String prefix, Map<String, String> props, PropertyKind kind, UncheckedProperties unchecked) {
        check(prefix, props, kind, unchecked);
    }

    /** The names of {@code --unchecked-property}, refused when one of them is a name Kafka defines. */
    public static UncheckedProperties unchecked(List<String> names) {
        UncheckedProperties unchecked = new UncheckedProperties(names, UncheckedProperties.FLAG);
        unchecked.checkNotKafkas();
        return unchecked;
    }

    /** Properties of {@code kind} that offer no way to list a plugin's names (a sweep's campaign clusters). */
    public static void allKnown(String prefix, Map<String, String> props, PropertyKind kind) {
        check(prefix, props, kind, UncheckedProperties.none(UncheckedProperties.FIELD));
    }

    private static void check(String prefix, Map<String, String> props, PropertyKind kind, UncheckedProperties unchecked) {
        if (props.isEmpty() || !kind.definedHere()) {
            return;
        }
        for (Map.Entry<String, String> e : props.entrySet()) {
            String name = e.getKey();
            if (unchecked.covers(name)) {
                continue;
            }
            if (!kind.knows(name)) {
                throw InvalidInputException.field(prefix + name, shown(name, e.getValue(), kind),
                        unknown(name, kind, unchecked));
            }
            if (TlsNames.applies(name) && e.getValue() != null) {
                TlsNames.check(prefix + name, name, e.getValue());
            }
            for (ConfigDef def : kind.definitions()) {
                ConfigDef.ConfigKey key = def.configKeys().get(name);
                if (key != null) {
                    checkValue(prefix + name, key, e.getValue());
                }
            }
        }
    }

    /**
     * "not a Kafka producer config; did you mean linger.ms?", or, for a name of the other client, which client it
     * belongs to (a consumer's fetch.min.bytes among producer properties is a misplaced line, not a typo).
     */
    private static String unknown(String name, PropertyKind kind, UncheckedProperties unchecked) {
        PropertyKind other = kind == PropertyKind.PRODUCER ? PropertyKind.CONSUMER
                : kind == PropertyKind.CONSUMER ? PropertyKind.PRODUCER : null;
        if (other != null && other.knows(name)) {
            return "is a Kafka " + other.words() + ", not a " + kind.words() + "; set it on the "
                    + other.name().toLowerCase(Locale.ROOT) + "s";
        }
        return "not a Kafka " + kind.words() + DidYouMean.hint(name, kind.names())
                + " (a plugin's own key: " + unchecked.howToList(name) + ")";
    }

    /**
     * The value as the error shows it: hidden when the name, or the name it was probably meant to be, is a secret
     * (a misspelt {@code sasl.jaas.confg} still holds a password, and errors go to a terminal and CI logs).
     */
    private static String shown(String name, String value, PropertyKind kind) {
        String meant = DidYouMean.nearest(name, kind.names()).orElse(name);
        boolean password = kind.definitions().stream().map(d -> d.configKeys().get(meant))
                .anyMatch(k -> k != null && k.type == ConfigDef.Type.PASSWORD);
        return password || SECRET_NAME.matcher(name.toLowerCase(Locale.ROOT)).find() ? "[not shown: a secret]"
                : value;
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
}
