package io.kbench.distributed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kbench.error.RunFailedException;
import io.kbench.format.StrictMapper;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * One side of the protocol: writes messages to one topic and reads the other from its end (assigned, not
 * subscribed: no consumer group, so no rebalance delays and no inbound connection of any kind). The producer is
 * used from several threads (Kafka's producer is thread-safe); the consumer only from the thread that polls.
 */
final class Channel implements AutoCloseable {
    private static final ObjectMapper JSON = StrictMapper.json().disable(SerializationFeature.INDENT_OUTPUT);
    private static final long SEND_TIMEOUT_SEC = 15;

    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final String writeTopic;
    private final PrintStream out;

    /** {@code connection}: the connection (bootstrap servers, security) of the cluster carrying the topics. */
    Channel(Map<String, String> connection, String writeTopic, String readTopic, String clientId, PrintStream out) {
        this.writeTopic = writeTopic;
        this.out = out;
        Map<String, Object> p = new HashMap<>(connection);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId + "-control-out");
        producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
        Map<String, Object> c = new HashMap<>(connection);
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId + "-control-in");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer());
        TopicPartition partition = new TopicPartition(readTopic, 0);
        consumer.assign(List.of(partition));
        consumer.seekToEnd(List.of(partition));
        // Resolves the end offset now: only messages written after this point are read.
        consumer.position(partition, Duration.ofSeconds(SEND_TIMEOUT_SEC));
    }

    /** Writes {@code message} without waiting for the acknowledgement. */
    void send(Message message) {
        producer.send(new ProducerRecord<>(writeTopic, message.runId(), encode(message)));
    }

    /** Writes {@code message} and waits for it to be in the log; returns its metadata (its LogAppendTime). */
    RecordMetadata sendAndWait(Message message) {
        try {
            return producer.send(new ProducerRecord<>(writeTopic, message.runId(), encode(message)))
                    .get(SEND_TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new RunFailedException("cannot write to " + writeTopic + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while writing to " + writeTopic, e);
        }
    }

    /**
     * Writes a clock probe to the control topic and returns the broker's LogAppendTime of it, in milliseconds: every
     * process probes the same partition, so all offsets refer to the clock of one broker.
     */
    long probe(String runId) {
        try {
            return producer.send(new ProducerRecord<>(ControlTopics.CONTROL, runId, encode(new Message.ClockProbe(runId))))
                    .get(SEND_TIMEOUT_SEC, TimeUnit.SECONDS).timestamp();
        } catch (ExecutionException | TimeoutException e) {
            throw new RunFailedException("cannot write to " + ControlTopics.CONTROL + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while writing to " + ControlTopics.CONTROL, e);
        }
    }

    /** The messages that arrived within {@code timeout}, in order; a record that is not a message is skipped. */
    List<Message> poll(Duration timeout) {
        List<Message> messages = new ArrayList<>();
        for (ConsumerRecord<String, String> r : consumer.poll(timeout)) {
            try {
                Message m = JSON.readValue(r.value(), Message.class);
                if (!(m instanceof Message.ClockProbe)) {
                    messages.add(m);
                }
            } catch (JsonProcessingException e) {
                out.println("kbench: warning: skipped a message that is not kbench's protocol (offset " + r.offset() + "): "
                        + e.getOriginalMessage());
            }
        }
        return messages;
    }

    static String encode(Message message) {
        try {
            return JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    static Message decode(String text) throws JsonProcessingException {
        return JSON.readValue(text, Message.class);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        consumer.close(Duration.ofSeconds(5));
    }
}
