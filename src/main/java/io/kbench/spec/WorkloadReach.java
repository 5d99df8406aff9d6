package io.kbench.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What a workload makes kbench run or load beyond kbench and its own Kafka: a workload file is code (docs/security.md,
 * "A workload is code"). Shell commands of exec faults, classes named in Kafka properties (interceptors, serializers,
 * reporters, login modules, a remote storage manager), jars on a plugin class path, other JDKs and Kafka releases,
 * files read, and storage mounted as root. {@code --dry-run} lists it before anything starts.
 *
 * @param items in the order of the workload's fields
 */
public record WorkloadReach(List<Item> items) {
    /**
     * Property names whose values Kafka loads as classes: its {@code CLASS} configs and the lists of them, named by
     * Kafka's own convention ({@code interceptor.classes}, {@code partitioner.class}, {@code authorizer.class.name},
     * {@code metric.reporters}, {@code partition.assignment.strategy}, {@code config.providers.<name>.class}).
     */
    private static final Pattern CLASS_NAMES = Pattern.compile(".*(\\.class|\\.class\\.name|\\.classes|reporters"
            + "|\\.assignment\\.strategy|\\.assignors|serializer|^security\\.providers)");
    /**
     * A JAAS config names its login module class first; the rest holds credentials and is never shown. Also under a
     * listener's prefix ({@code listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config}).
     */
    private static final String JAAS = "sasl.jaas.config";
    /** A fully qualified Java class name: the only first word of a JAAS config that is shown. */
    private static final Pattern JAVA_CLASS = Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+");

    /** What an item makes kbench do. */
    public enum Kind {
        /** A shell command line kbench runs as its own user. */
        COMMAND,
        /** A class a Kafka client or broker loads and runs. */
        CLASS,
        /** Jars put on a broker's class path. */
        JARS,
        /** Another JDK's java, which kbench starts. */
        JDK,
        /** Another Kafka release's jars, from kbench's release cache or downloaded into it. */
        RELEASE,
        /** A program kbench starts for a client driver. */
        DRIVER,
        /** A file or environment variable kbench reads. */
        INPUT,
        /** A filesystem image kbench creates and loop-mounts as root. */
        MOUNT;

        /** How a dry run spells it: {@code command}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One thing the workload makes kbench run or load.
     *
     * @param kind  what kbench does with it
     * @param field the workload's field that names it, e.g. {@code faults[0].command}
     * @param what  what is run or loaded, as the workload names it (never a secret)
     */
    public record Item(Kind kind, String field, String what) {
        public Item {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(what, "what");
        }
    }

    public WorkloadReach {
        items = List.copyOf(items);
    }

    /** Everything {@code spec} makes kbench run or load, in the order of its fields. */
    public static WorkloadReach of(WorkloadSpec spec) {
        return of(spec, Map.of());
    }

    /**
     * As {@link #of(WorkloadSpec)}, with the client properties a run adds to every client ({@code --command-config}, a
     * campaign cluster's {@code properties}): classes they name are loaded too.
     */
    public static WorkloadReach of(WorkloadSpec spec, Map<String, String> connection) {
        List<Item> items = new ArrayList<>();
        classes("client property ", connection, items);
        ProducerSpec p = spec.producers();
        if (p.count() > 0) {
            classes("producers.properties.", p.properties(), items);
            driver("producers.client", p.client(), items);
            if (p.payload().file() != null) {
                items.add(new Item(Kind.INPUT, "producers.payload.file", p.payload().file()));
            }
            PayloadEncryptionSpec encryption = p.payloadEncryption();
            if (encryption != null && encryption.keyFile() != null) {
                items.add(new Item(Kind.INPUT, "producers.payloadEncryption.keyFile", encryption.keyFile().toString()));
            }
            if (encryption != null && encryption.keyEnv() != null) {
                items.add(new Item(Kind.INPUT, "producers.payloadEncryption.keyEnv", "$" + encryption.keyEnv()));
            }
        }
        if (spec.consumers().enabled()) {
            classes("consumers.properties.", spec.consumers().properties(), items);
            driver("consumers.client", spec.consumers().client(), items);
        }
        cluster(spec.cluster(), items);
        for (int i = 0; i < spec.faults().size(); i++) {
            FaultSpec f = spec.faults().get(i);
            if (f.action() == FaultAction.EXEC) {
                items.add(new Item(Kind.COMMAND, "faults[" + i + "].command", "sh -c '" + f.command() + "'"));
            }
            if (f.action() == FaultAction.ROLL) {
                classes("faults[" + i + "].roll.brokerConfig.", f.rollOrPlain().changes(), items);
                if (f.rollOrPlain().kafkaVersion() != null) {
                    items.add(new Item(Kind.RELEASE, "faults[" + i + "].roll.kafkaVersion", "Kafka "
                            + f.rollOrPlain().kafkaVersion() + " (the brokers, from the roll on)"));
                }
            }
        }
        if (spec.clientJavaHome() != null) {
            items.add(new Item(Kind.JDK, "clientJavaHome", spec.clientJavaHome() + "/bin/java (kbench re-launches itself)"));
        }
        if (spec.clientKafkaVersion() != null) {
            items.add(new Item(Kind.RELEASE, "clients.kafkaVersion", "kafka-clients " + spec.clientKafkaVersion()));
        }
        return new WorkloadReach(items);
    }

    private static void cluster(ClusterSpec c, List<Item> items) {
        classes("cluster.brokerConfig.", c.brokerConfig(), items);
        TieredStorageSpec tiered = c.tieredStorage();
        if (tiered != null) {
            items.add(new Item(Kind.CLASS, "cluster.tieredStorage.remoteStorageManager", tiered.remoteStorageManager()));
            for (int i = 0; i < tiered.classPath().size(); i++) {
                items.add(new Item(Kind.JARS, "cluster.tieredStorage.classPath[" + i + "]", tiered.classPath().get(i)));
            }
        }
        StorageSpec storage = c.storage();
        if (storage != null) {
            items.add(new Item(Kind.MOUNT, "cluster.storage", storage.filesystem().name().toLowerCase(Locale.ROOT)
                    + " image" + (storage.imageDir() == null ? "" : " in " + storage.imageDir())
                    + (storage.options() == null ? "" : ", mount -o " + storage.options()) + ", as root"));
        }
        if (c.javaHome() != null) {
            items.add(new Item(Kind.JDK, "cluster.javaHome", c.javaHome() + "/bin/java (the brokers)"));
        }
        if (c.kafkaVersion() != null) {
            items.add(new Item(Kind.RELEASE, "cluster.kafkaVersion", "Kafka " + c.kafkaVersion() + " (the brokers)"));
        }
    }

    private static void driver(String field, ClientKind client, List<Item> items) {
        if (client.external()) {
            items.add(new Item(Kind.DRIVER, field, "the " + client.text() + " driver built from drivers/" + client.text()));
        }
    }

    /** The class-valued properties of one map; a JAAS config by its login module only. */
    private static void classes(String prefix, Map<String, String> properties, List<Item> items) {
        new TreeMap<>(properties).forEach((name, value) -> {
            if (name.endsWith(JAAS)) {
                // Only a first word shaped like a class name is shown: anything else may be a secret put there.
                String module = value.strip().split("\\s+", 2)[0];
                items.add(new Item(Kind.CLASS, prefix + name, JAVA_CLASS.matcher(module).matches()
                        ? module + " (its options not shown)" : "a login module (not shown)"));
            } else if (CLASS_NAMES.matcher(name).matches() && !value.isBlank()) {
                items.add(new Item(Kind.CLASS, prefix + name, value));
            }
        });
    }

    /** Whether the workload runs or loads nothing beyond kbench and its own Kafka. */
    public boolean isEmpty() {
        return items.isEmpty();
    }
}
