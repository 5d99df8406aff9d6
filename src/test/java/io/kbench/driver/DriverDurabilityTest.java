package io.kbench.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.spec.ClientKind;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * Verification judges a driver's records by the settings its client ran with: each client's own defaults for acks,
 * idempotence and requests in flight (franz-go: idempotent with acks=all; librdkafka: not idempotent, 1,000,000 in
 * flight), and the Java client's config reads them back unchanged.
 */
class DriverDurabilityTest {

    @Test
    void franzGoIsIdempotentUnlessAcksIsLooseOrItIsTurnedOff() {
        assertResolves(ClientKind.FRANZ_GO, Map.of(), "-1", true, 5);
        assertResolves(ClientKind.FRANZ_GO, Map.of("acks", "-1"), "-1", true, 5);
        assertResolves(ClientKind.FRANZ_GO, Map.of("acks", "1"), "1", false, 1);
        assertResolves(ClientKind.FRANZ_GO, Map.of("acks", "0", "max.in.flight.requests.per.connection", "3"), "0", false, 3);
        assertResolves(ClientKind.FRANZ_GO, Map.of("enable.idempotence", "false"), "-1", false, 1);
    }

    @Test
    void librdkafkaIsNotIdempotentUnlessAskedAndKeepsAMillionRequestsInFlight() {
        assertResolves(ClientKind.LIBRDKAFKA, Map.of(), "-1", false, 1_000_000);
        assertResolves(ClientKind.LIBRDKAFKA, Map.of("enable.idempotence", "true"), "-1", true, 5);
        assertResolves(ClientKind.LIBRDKAFKA, Map.of("enable.idempotence", "true",
                "max.in.flight.requests.per.connection", "2"), "-1", true, 2);
        assertResolves(ClientKind.LIBRDKAFKA, Map.of("acks", "1", "max.in.flight.requests.per.connection", "1"), "1",
                false, 1);
    }

    private static void assertResolves(ClientKind client, Map<String, String> workload, String acks, boolean idempotent,
                                       int inFlight) {
        Map<String, Object> props = new HashMap<>(Map.of("bootstrap.servers", "localhost:9092",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
        props.putAll(workload);
        props.putAll(DriverDurability.asJava(client, workload));
        // What TopicVerifier reads: the Java client's own resolution of the overlay (it writes acks=all as -1).
        ProducerConfig config = new ProducerConfig(props);
        assertThat(config.getString(ProducerConfig.ACKS_CONFIG)).as("acks").isEqualTo(acks);
        assertThat(config.getBoolean(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG)).as("idempotence").isEqualTo(idempotent);
        assertThat(config.getInt(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION)).as("in flight").isEqualTo(inFlight);
    }
}
