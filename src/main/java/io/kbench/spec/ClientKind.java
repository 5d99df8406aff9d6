package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which Kafka client library sends or reads a workload's records ({@code producers.client}, {@code consumers.client}).
 * The Java client runs inside kbench; every other one runs in a driver process of its own, by the contract of
 * docs/drivers.md, with its properties mapped by the table of docs/clients.md.
 */
public enum ClientKind {
    /** Apache Kafka's Java client, in kbench's own JVM: the default, and the only one a v1 run starts. */
    @JsonProperty("java") JAVA,
    /** librdkafka (C), driven from Rust through the rdkafka crate: drivers/librdkafka. */
    @JsonProperty("librdkafka") LIBRDKAFKA,
    /** franz-go (Go): drivers/franz-go. */
    @JsonProperty("franz-go") FRANZ_GO;

    /** How the workload file, results and messages spell it: {@code franz-go}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether it runs in a driver process rather than in kbench's JVM. */
    public boolean external() {
        return this != JAVA;
    }

    /** {@code java, librdkafka, franz-go}: for messages listing the choices. */
    public static String choices() {
        return Arrays.stream(values()).map(ClientKind::text).collect(Collectors.joining(", "));
    }

    /**
     * Jackson's value filter that leaves {@code client: java} out of a written workload: the default is implied, so
     * results written before the field existed read and write back unchanged and history keeps them in one series.
     */
    public static final class OmitJava {
        @Override
        public boolean equals(Object value) {
            return value == null || value == JAVA;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }
}
