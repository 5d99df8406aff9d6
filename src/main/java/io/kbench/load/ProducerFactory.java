package io.kbench.load;

import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Creates a producer thread's client: the seam that lets the send loop run against a
 * {@code MockProducer} in a unit test instead of a broker. Called once per producer thread, never per record.
 */
@FunctionalInterface
interface ProducerFactory {
    /** The real client: a {@link KafkaProducer} with byte-array keys. */
    ProducerFactory KAFKA = (properties, valueSerializer) ->
            new KafkaProducer<>(properties, new ByteArraySerializer(), valueSerializer);

    /** A producer configured by {@code properties}, its values written by {@code valueSerializer}. */
    Producer<byte[], byte[]> create(Map<String, Object> properties, Serializer<byte[]> valueSerializer);
}
