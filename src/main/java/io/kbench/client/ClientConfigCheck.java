package io.kbench.client;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.WorkloadSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The complete client configs a run will build (connection, workload and kbench's own settings), parsed by Kafka's
 * config classes, so that combinations Kafka refuses (enable.idempotence=true with acks=0) fail before any broker
 * starts. Single values are already checked where they are read ({@link io.kbench.spec.KafkaConfigCheck}).
 */
public final class ClientConfigCheck {
    /** Stands in for the embedded cluster's address, which is only known once it runs; nothing connects to it. */
    private static final String PLACEHOLDER_BOOTSTRAP = "127.0.0.1:9092";

    private ClientConfigCheck() {
    }

    public static void check(WorkloadSpec spec, Map<String, String> connection) {
        Map<String, String> conn = new HashMap<>(connection);
        conn.putIfAbsent(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, PLACEHOLDER_BOOTSTRAP);
        ClientProperties clients = new ClientProperties(conn);
        if (spec.producers().count() > 0) {
            Map<String, Object> p = clients.producer(spec.producers().properties(), 0);
            // kbench passes its serializers to the constructor, not in the properties
            p.putIfAbsent(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
            p.putIfAbsent(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
            parse("producers.properties", p, ProducerConfig::new);
        }
        if (spec.consumers().enabled()) {
            Map<String, Object> c = clients.consumer(spec.consumers().properties(), "kbench-check", spec.consumers().mode(), 0);
            c.putIfAbsent(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
            c.putIfAbsent(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
            parse("consumers.properties", c, ConsumerConfig::new);
        }
        parse("client connection properties", clients.admin(), AdminClientConfig::new);
    }

    private static void parse(String field, Map<String, Object> props, Function<Map<String, Object>, ?> config) {
        try {
            config.apply(props);
        } catch (KafkaException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new InvalidInputException(field + ": Kafka rejects these settings: "
                    + message.lines().findFirst().orElse(message), e);
        }
    }
}
