package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.PropertyKind;
import io.kbench.spec.UncheckedProperties;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How to reach an existing cluster, spelled as Kafka's own tools spell it. Absent: kbench starts one. */
public final class ConnectionOptions {
    /** Bootstrap servers of an existing cluster; without it kbench starts an embedded cluster. */
    @Option(names = "--bootstrap-server", paramLabel = "HOST:PORT[,...]",
            description = "Existing cluster to benchmark. Without it kbench starts an embedded cluster.")
    String bootstrapServer;

    /** Client properties file (security settings and the like) applied to every client. */
    @Option(names = "--command-config", paramLabel = "FILE",
            description = "Client properties file (TLS, SASL, ...) applied to producers, consumers and admin.")
    Path commandConfig;

    /**
     * Client properties applied to every client, wins over --command-config: one or more {@code KEY=VALUE} after the
     * flag, as the stock tools' {@code --command-property linger.ms=10 batch.size=32768}, and repeatable.
     */
    @Option(names = "--command-property", paramLabel = "KEY=VALUE", parameterConsumer = KeyValueRun.class,
            description = "Client properties for every client: one or more KEY=VALUE (--command-property a=1 b=2),"
                    + " repeatable; overrides --command-config.")
    List<String> commandProperties = new ArrayList<>();

    /**
     * A client property whose value is read from an environment variable, so that a secret (sasl.jaas.config, a key
     * password) is not on the command line, where {@code ps} shows it to every local user; repeatable, wins over
     * --command-property.
     */
    @Option(names = "--command-property-env", paramLabel = "KEY=ENV_VAR",
            description = "Client property for every client whose value is the environment variable ENV_VAR (repeatable):"
                    + " keeps a secret out of the command line that ps shows.")
    List<String> commandPropertiesFromEnv = new ArrayList<>();

    @Mixin
    UncheckedOption unchecked = new UncheckedOption();

    /** The names --unchecked-property lets through, checked. */
    UncheckedProperties unchecked() {
        return unchecked.properties();
    }

    /** The merged connection properties (may lack bootstrap.servers when kbench will start a cluster). */
    public Map<String, String> properties() {
        Map<String, String> props = new LinkedHashMap<>();
        UncheckedProperties names = unchecked.properties();
        if (commandConfig != null) {
            Map<String, String> file = readProperties(commandConfig, "--command-config");
            KafkaConfigCheck.flags("--command-config " + commandConfig + ": ", file, PropertyKind.ANY_CLIENT, names);
            props.putAll(file);
        }
        Map<String, String> flags = parsePairs(commandProperties, "--command-property");
        KafkaConfigCheck.flags("--command-property ", flags, PropertyKind.ANY_CLIENT, names);
        props.putAll(flags);
        Map<String, String> fromEnv = fromEnvironment(parsePairs(commandPropertiesFromEnv, "--command-property-env"));
        KafkaConfigCheck.flags("--command-property-env ", fromEnv, PropertyKind.ANY_CLIENT, names);
        props.putAll(fromEnv);
        if (bootstrapServer != null) {
            if (bootstrapServer.isBlank()) {
                throw InvalidInputException.field("--bootstrap-server", "''", "must not be empty");
            }
            props.put("bootstrap.servers", bootstrapServer);
        }
        return props;
    }

    /**
     * The property names given on the command line (--command-property, --command-property-env): the stock tools let
     * these win over every properties file, including a tool's own (--producer.config, --consumer.config).
     */
    Set<String> commandLineKeys() {
        Set<String> keys = new HashSet<>(parsePairs(commandProperties, "--command-property").keySet());
        keys.addAll(parsePairs(commandPropertiesFromEnv, "--command-property-env").keySet());
        return keys;
    }

    private static Map<String, String> fromEnvironment(Map<String, String> keyToVariable) {
        Map<String, String> out = new LinkedHashMap<>();
        keyToVariable.forEach((key, variable) -> {
            String value = System.getenv(variable);
            if (value == null) {
                throw InvalidInputException.field("--command-property-env " + key, variable, "no such environment variable");
            }
            out.put(key, value);
        });
        return out;
    }

    static Map<String, String> readProperties(Path file, String flag) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (NoSuchFileException e) {
            throw InvalidInputException.field(flag, file, "file not found");
        } catch (IOException | IllegalArgumentException e) {
            throw InvalidInputException.field(flag, file, "cannot be read: " + e.getMessage());
        }
        Map<String, String> out = new LinkedHashMap<>();
        p.stringPropertyNames().stream().sorted().forEach(k -> out.put(k, p.getProperty(k).trim()));
        return out;
    }

    static Map<String, String> parsePairs(List<String> pairs, String flag) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw InvalidInputException.field(flag, "'" + pair + "'", "must look like key=value");
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return out;
    }
}
