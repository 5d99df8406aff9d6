package io.kbench.load;

import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Creates a consumer thread's client, group or share: the seam that lets the poll loops run against mock consumers
 * in a unit test instead of a broker. Called once per consumer thread, never per record.
 */
interface ConsumerFactory {
    /** The real clients: {@link KafkaConsumer} and Kafka's share consumer with byte-array keys. */
    ConsumerFactory KAFKA = new ConsumerFactory() {
        @Override
        public Consumer<byte[], byte[]> consumer(Map<String, Object> properties,
                                                 Deserializer<byte[]> valueDeserializer) {
            return new KafkaConsumer<>(properties, new ByteArrayDeserializer(), valueDeserializer);
        }

        @Override
        public ShareConsumer<byte[], byte[]> shareConsumer(Map<String, Object> properties,
                                                           Deserializer<byte[]> valueDeserializer) {
            // Built by the share worker's class, which only share mode loads: returning a KafkaShareConsumer here would
            // make the verifier load Kafka's share-consumer classes with this class, and the clients before 3.9
            // (clients.kafkaVersion) have none, so no consumer at all could be made on them.
            return ShareConsumerWorker.kafkaShareConsumer(properties, valueDeserializer);
        }
    };

    /** A consumer-group consumer configured by {@code properties}, its values read by {@code valueDeserializer}. */
    Consumer<byte[], byte[]> consumer(Map<String, Object> properties, Deserializer<byte[]> valueDeserializer);

    /** A share-group consumer (KIP-932) configured by {@code properties}. */
    ShareConsumer<byte[], byte[]> shareConsumer(Map<String, Object> properties, Deserializer<byte[]> valueDeserializer);
}
