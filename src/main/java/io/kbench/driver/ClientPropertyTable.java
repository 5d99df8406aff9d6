package io.kbench.driver;

import static io.kbench.driver.Conversion.BYTES_TO_KIBIBYTES;
import static io.kbench.driver.Conversion.CREDENTIALS;
import static io.kbench.driver.Conversion.EMPTY_AS_NONE;
import static io.kbench.driver.Conversion.LOWER_CASE;
import static io.kbench.driver.Conversion.PEM_FILE;
import static io.kbench.driver.Conversion.PEM_ONLY;
import static io.kbench.driver.Conversion.SAME;
import static io.kbench.driver.PropertyMapping.Scope.CONNECTION;
import static io.kbench.driver.PropertyMapping.Scope.CONSUMER;
import static io.kbench.driver.PropertyMapping.Scope.PRODUCER;

import io.kbench.spec.ClientKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kafka property names each client's driver honours, and under which of its own names (docs/clients.md, checked
 * against this table by ClientsDocTest). A name missing here is refused before anything starts: a benchmark that
 * silently dropped {@code max.block.ms} would measure the client's default under the user's label.
 *
 * <p>franz-go's driver takes the Java names (its table is in drivers/franz-go/config.go); librdkafka's are its own
 * (CONFIGURATION.md of librdkafka 2.12), mostly the same words.
 *
 * @param client           the client
 * @param rows             by Java name, in table order
 * @param producerDefaults what kbench sets unless the workload names it, so that the client sends as Java's does
 */
public record ClientPropertyTable(ClientKind client, Map<String, PropertyMapping> rows, Map<String, String> producerDefaults) {
    public ClientPropertyTable {
        rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
        producerDefaults = Map.copyOf(producerDefaults);
    }

    /** The table of {@code client}; java has none (it takes every Kafka property itself). */
    public static ClientPropertyTable of(ClientKind client) {
        return switch (client) {
            case FRANZ_GO -> FRANZ_GO;
            case LIBRDKAFKA -> LIBRDKAFKA;
            case JAVA -> throw new IllegalArgumentException("the java client runs in kbench and has no driver table");
        };
    }

    /** The row of {@code javaName} usable by {@code role}, or null when the client does not honour it there. */
    public PropertyMapping row(String javaName, DriverRole role) {
        PropertyMapping m = rows.get(javaName);
        return m != null && m.scope().serves(role) ? m : null;
    }

    /** The rows of connection names both clients share: security protocol, SASL user and password, PEM material. */
    private static List<PropertyMapping> security(Conversion protocol, String mechanism, Conversion hostCheck) {
        return List.of(
                new PropertyMapping("security.protocol", "security.protocol", CONNECTION, protocol),
                new PropertyMapping("sasl.mechanism", mechanism, CONNECTION, SAME),
                new PropertyMapping("sasl.jaas.config", "sasl.", CONNECTION, CREDENTIALS),
                new PropertyMapping("ssl.endpoint.identification.algorithm", "ssl.endpoint.identification.algorithm",
                        CONNECTION, hostCheck),
                new PropertyMapping("ssl.truststore.type", "ssl.truststore.type", CONNECTION, PEM_ONLY),
                new PropertyMapping("ssl.truststore.certificates", "ssl.ca.pem", CONNECTION, SAME),
                new PropertyMapping("ssl.truststore.location", "ssl.ca.pem", CONNECTION, PEM_FILE),
                new PropertyMapping("ssl.keystore.type", "ssl.keystore.type", CONNECTION, PEM_ONLY),
                new PropertyMapping("ssl.keystore.certificate.chain", "ssl.certificate.pem", CONNECTION, SAME),
                new PropertyMapping("ssl.keystore.key", "ssl.key.pem", CONNECTION, SAME));
    }

    private static Map<String, PropertyMapping> table(List<PropertyMapping> producer, List<PropertyMapping> consumer,
                                                     List<PropertyMapping> connection) {
        List<PropertyMapping> all = new ArrayList<>(producer);
        all.addAll(consumer);
        all.addAll(connection);
        Map<String, PropertyMapping> out = new LinkedHashMap<>();
        for (PropertyMapping m : all) {
            if (out.put(m.javaName(), m) != null) {
                throw new IllegalStateException("two rows for " + m.javaName());
            }
        }
        return out;
    }

    private static PropertyMapping p(String name) {
        return new PropertyMapping(name, name, PRODUCER, SAME);
    }

    private static PropertyMapping c(String name) {
        return new PropertyMapping(name, name, CONSUMER, SAME);
    }

    private static final ClientPropertyTable FRANZ_GO = new ClientPropertyTable(ClientKind.FRANZ_GO, table(
            List.of(p("acks"), p("enable.idempotence"), p("linger.ms"), p("batch.size"), p("compression.type"),
                    p("max.in.flight.requests.per.connection"), p("buffer.memory"), p("request.timeout.ms"),
                    p("delivery.timeout.ms"), p("retries")),
            List.of(c("fetch.min.bytes"), c("fetch.max.bytes"), c("max.partition.fetch.bytes"), c("fetch.max.wait.ms"),
                    c("auto.offset.reset"), c("isolation.level"), c("session.timeout.ms"), c("heartbeat.interval.ms"),
                    // The Java client's rebalance timeout is its max.poll.interval.ms; franz-go names it plainly.
                    new PropertyMapping("max.poll.interval.ms", "rebalance.timeout.ms", CONSUMER, SAME),
                    c("enable.auto.commit"), c("auto.commit.interval.ms"), c("group.instance.id")),
            security(SAME, "sasl.mechanism", SAME)), Map.of());

    private static final ClientPropertyTable LIBRDKAFKA = new ClientPropertyTable(ClientKind.LIBRDKAFKA, table(
            List.of(p("acks"), p("enable.idempotence"), p("linger.ms"), p("batch.size"), p("compression.type"),
                    p("max.in.flight.requests.per.connection"),
                    new PropertyMapping("buffer.memory", "queue.buffering.max.kbytes", PRODUCER, BYTES_TO_KIBIBYTES),
                    p("request.timeout.ms"), p("delivery.timeout.ms"), p("retries"), p("retry.backoff.ms"),
                    // librdkafka's message.max.bytes is the largest request, as the Java client's max.request.size.
                    new PropertyMapping("max.request.size", "message.max.bytes", PRODUCER, SAME)),
            List.of(c("fetch.min.bytes"), c("fetch.max.bytes"), c("max.partition.fetch.bytes"),
                    new PropertyMapping("fetch.max.wait.ms", "fetch.wait.max.ms", CONSUMER, SAME),
                    c("auto.offset.reset"), c("isolation.level"), c("session.timeout.ms"), c("heartbeat.interval.ms"),
                    c("max.poll.interval.ms"), c("enable.auto.commit"), c("auto.commit.interval.ms"),
                    c("group.instance.id"), c("client.rack")),
            security(LOWER_CASE, "sasl.mechanisms", EMPTY_AS_NONE)),
            // librdkafka's default partitioner (consistent_random, CRC32) puts a key elsewhere than Java's murmur2.
            Map.of("partitioner", "murmur2_random"));
}
