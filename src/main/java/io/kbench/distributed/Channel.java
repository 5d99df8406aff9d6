package io.kbench.distributed;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
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
import org.apache.kafka.common.errors.InvalidTimestampException;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * One side of the protocol: writes messages to one topic and reads the other from its end (assigned, not
 * subscribed: no consumer group, so no rebalance delays and no inbound connection of any kind). Every message goes
 * out sealed ({@link ControlCodec}: authenticated, numbered) and comes in only when intact, fresh and not seen
 * before; everything else is named in one line ({@link Refusals}) and skipped. The producer is used from several
 * threads (sealing and sending are one step, so the sequence numbers reach the log in order); the consumer only from
 * the thread that polls.
 */
final class Channel implements AutoCloseable {
    private static final long SEND_TIMEOUT_SEC = 15;
    /** The record time a clock probe is sent with: 1 ms after the epoch, which no broker's append time is. */
    private static final long NOT_AN_APPEND_TIME = 1;

    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final String writeTopic;
    private final String readTopic;
    private final ControlCodec codec;
    private final String sender;
    private final ReplayGuard replays = new ReplayGuard();
    private final Refusals refusals;
    /** Starts at the wall clock in microseconds: a restarted sender with the same id still counts upwards. */
    private long seq = System.currentTimeMillis() * 1000;

    /**
     * @param connection the connection (bootstrap servers, security) of the cluster carrying the topics
     * @param sender     {@code coordinator} or the worker's id: what this side's messages are sent as
     */
    Channel(Map<String, String> connection, String writeTopic, String readTopic, ControlAuth auth, String sender,
            PrintStream out) {
        this.writeTopic = writeTopic;
        this.readTopic = readTopic;
        this.codec = new ControlCodec(auth);
        this.sender = sender;
        this.refusals = new Refusals(out, sender.equals(ControlCodec.COORDINATOR) ? sender : "worker " + sender);
        String clientId = sender.equals(ControlCodec.COORDINATOR) ? "kbench-coordinator" : "kbench-worker-" + sender;
        Map<String, Object> p = new HashMap<>(connection);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId + "-control-out");
        producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
        Map<String, Object> c = new HashMap<>(connection);
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId + "-control-in");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        // Fetches no more than one record's bound; with the topics' max.message.bytes checked (ControlTopicCheck) no
        // batch is larger, so nobody who can write to the topic makes a reader hold more.
        c.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, String.valueOf(ControlTopicCheck.MAX_MESSAGE_BYTES));
        c.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(ControlTopicCheck.MAX_MESSAGE_BYTES));
        c.put(ConsumerConfig.CHECK_CRCS_CONFIG, "true");
        consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer());
        TopicPartition partition = new TopicPartition(readTopic, 0);
        consumer.assign(List.of(partition));
        consumer.seekToEnd(List.of(partition));
        // Resolves the end offset now: only messages written after this point are read.
        consumer.position(partition, Duration.ofSeconds(SEND_TIMEOUT_SEC));
    }

    /** Writes {@code message} without waiting for the acknowledgement. */
    void send(Message message) {
        write(writeTopic, message);
    }

    /** Writes {@code message} and waits for it to be in the log; returns its metadata (its LogAppendTime). */
    RecordMetadata sendAndWait(Message message) {
        return await(write(writeTopic, message), writeTopic);
    }

    /**
     * Writes a clock probe to the control topic and returns the broker's LogAppendTime of it, in milliseconds: every
     * process probes the same partition, so all offsets refer to the clock of one broker. The probe carries a record
     * time no clock reads ({@link #NOT_AN_APPEND_TIME}): a broker appending it by LogAppendTime replaces it, a topic
     * altered to CreateTime since it was checked hands it back, and is named.
     */
    long probe(String runId) {
        String notAppendTime = ControlTopics.CONTROL + ": a clock probe came back with its own record time, not the"
                + " broker's: the topic's " + ControlTopicCheck.TIMESTAMP_TYPE + " is not " + ControlTopicCheck.LOG_APPEND_TIME;
        long appended;
        try {
            appended = await(write(ControlTopics.CONTROL, new Message.ClockProbe(runId), NOT_AN_APPEND_TIME),
                    ControlTopics.CONTROL).timestamp();
        } catch (RunFailedException e) {
            // A CreateTime topic whose message.timestamp.before.max.ms is bounded refuses the probe's time instead.
            if (e.getCause() != null && e.getCause().getCause() instanceof InvalidTimestampException) {
                throw new InvalidInputException(notAppendTime, e);
            }
            throw e;
        }
        if (appended == NOT_AN_APPEND_TIME) {
            throw new InvalidInputException(notAppendTime);
        }
        return appended;
    }

    private Future<RecordMetadata> write(String topic, Message message) {
        return write(topic, message, null);
    }

    private synchronized Future<RecordMetadata> write(String topic, Message message, Long recordTime) {
        seq++;
        return producer.send(new ProducerRecord<>(topic, null, recordTime, message.runId(),
                codec.seal(message, topic, sender, seq, System.currentTimeMillis())));
    }

    private static RecordMetadata await(Future<RecordMetadata> sent, String topic) {
        try {
            return sent.get(SEND_TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new RunFailedException("cannot write to " + topic + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while writing to " + topic, e);
        }
    }

    /**
     * The messages that arrived within {@code timeout}, in order: only intact, authenticated ones not seen before;
     * clock probes are left out. Every other record is named in one line and skipped.
     */
    List<Message> poll(Duration timeout) {
        List<Message> messages = new ArrayList<>();
        for (ConsumerRecord<String, String> r : consumer.poll(timeout)) {
            if (r.timestampType() != TimestampType.LOG_APPEND_TIME) {
                // Its time is whatever its writer said: freshness (and a probe's offset) cannot be judged by it.
                refusals.refuse(readTopic, r.offset(), new ControlCodec.Refused("a record", "its time is "
                        + r.timestampType() + ", not the broker's append time (" + readTopic + " needs "
                        + ControlTopicCheck.TIMESTAMP_TYPE + "=" + ControlTopicCheck.LOG_APPEND_TIME + ")"));
                continue;
            }
            ControlCodec.Opened opened = codec.open(r.value(), readTopic, r.timestamp());
            if (opened instanceof ControlCodec.Refused refused) {
                refusals.refuse(readTopic, r.offset(), refused);
            } else if (opened instanceof ControlCodec.Accepted a) {
                if (!replays.accept(a.envelope())) {
                    refusals.refuse(readTopic, r.offset(), new ControlCodec.Refused(a.message().getClass().getSimpleName()
                            .toLowerCase(java.util.Locale.ROOT) + " of run " + a.envelope().runId() + " from "
                            + a.envelope().sender() + " (seq " + a.envelope().seq() + ")",
                            "a replay: its sender's sequence number is not above the last one accepted"));
                } else if (!(a.message() instanceof Message.ClockProbe)) {
                    messages.add(a.message());
                }
            }
        }
        return messages;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        consumer.close(Duration.ofSeconds(5));
    }
}
