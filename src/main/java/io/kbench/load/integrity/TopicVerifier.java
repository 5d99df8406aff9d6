package io.kbench.load.integrity;

import io.kbench.error.RunFailedException;
import io.kbench.result.run.Integrity;
import io.kbench.result.run.IntegritySettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Integrity verification's contact with Kafka: the topic's end offsets before the load (what was there before is not
 * judged), then, after the load, the settings in effect and the whole topic read back with {@code assign()} (no
 * consumer group, nothing committed) from the earliest offset to the end offsets, each record handed to a
 * {@link LogCheck}.
 */
public final class TopicVerifier {
    private static final long ADMIN_TIMEOUT_SEC = 30;
    /** Give up when a read makes no progress for this long (a partition without a leader, say). */
    private static final Duration STALL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(200);

    private final Admin admin;
    private final Map<String, String> connection;
    private final String topic;
    private final RecordIds ids;

    /**
     * {@code connection}: the client properties that reach the cluster (bootstrap servers, security); {@code ids}
     * tells this run's records from others.
     */
    public TopicVerifier(Admin admin, Map<String, String> connection, String topic, RecordIds ids) {
        this.admin = admin;
        this.connection = Map.copyOf(connection);
        this.topic = topic;
        this.ids = ids;
    }

    /**
     * Where the topic stands now, before the producers start: each partition's end offset (what is below it was there
     * before and is not judged) and its leader epoch (a later one at read-back means the leader changed during the run).
     */
    public Mark mark() {
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> latest = latestOnceKnown();
        Map<TopicPartition, Long> ends = new HashMap<>();
        Map<TopicPartition, Integer> epochs = new HashMap<>();
        latest.forEach((p, info) -> {
            ends.put(p, info.offset());
            info.leaderEpoch().ifPresent(e -> epochs.put(p, e));
        });
        return new Mark(ends, epochs);
    }

    /**
     * The topic before the run.
     *
     * @param endOffsets   each partition's end offset
     * @param leaderEpochs each partition's leader epoch, where the broker reported one
     */
    public record Mark(Map<TopicPartition, Long> endOffsets, Map<TopicPartition, Integer> leaderEpochs) {
        public Mark {
            endOffsets = Map.copyOf(endOffsets);
            leaderEpochs = Map.copyOf(leaderEpochs);
        }
    }

    /**
     * Reads the topic back and judges what the producers' logs say they sent; {@code faults} are the broker faults
     * the run injected (each a short phrase), which like a leader change let loose settings lose records.
     */
    public Integrity verify(List<SendLog> logs, Mark before, Map<String, Object> producerProperties,
                            List<String> faults) {
        LogCheck check = new LogCheck(logs);
        IntegritySettings settings = settings(producerProperties);
        ReadResult read = read(check, before.endOffsets());
        List<String> failures = new ArrayList<>(faults);
        failures.addAll(leaderChanges(before.leaderEpochs(), latest()));
        return check.finish(settings, new ReadBack(read.unread(), read.logStarts(), failures));
    }

    /** "leader of partition 2 changed (epoch 0 -> 1)" for each partition whose leader epoch moved. */
    static List<String> leaderChanges(Map<TopicPartition, Integer> before,
                                      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> now) {
        List<String> changes = new ArrayList<>();
        now.entrySet().stream().sorted(Map.Entry.comparingByKey(Comparator.comparingInt(TopicPartition::partition)))
                .forEach(e -> {
                    Integer was = before.get(e.getKey());
                    Integer is = e.getValue().leaderEpoch().orElse(null);
                    if (was != null && is != null && !was.equals(is)) {
                        changes.add("leader of partition " + e.getKey().partition() + " changed (epoch " + was + " -> "
                                + is + ")");
                    }
                });
        return changes;
    }

    /**
     * {@link #latest} right after the topic was created: a broker whose metadata has not caught up yet answers that it
     * does not know the topic (a retriable error), which on a busy machine lasts seconds; asked again until it does.
     */
    private Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> latestOnceKnown() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ADMIN_TIMEOUT_SEC);
        while (true) {
            try {
                return latest();
            } catch (RunFailedException e) {
                if (!(e.getCause() instanceof ExecutionException x && x.getCause() instanceof RetriableException)
                        || System.nanoTime() > deadline) {
                    throw e;
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("verify: interrupted", e);
            }
        }
    }

    private Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> latest() {
        Map<TopicPartition, OffsetSpec> request = partitions().stream()
                .collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest()));
        return await(admin.listOffsets(request).all(), "list the offsets of");
    }

    /** The producer settings as the client resolved them, and the topic's settings as the brokers resolve them. */
    private IntegritySettings settings(Map<String, Object> producerProperties) {
        Map<String, Object> props = new HashMap<>(producerProperties);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        // ProducerConfig applies Kafka's own defaults and turns idempotence off when other settings conflict with it.
        ProducerConfig producer = new ProducerConfig(props);
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config = await(admin.describeConfigs(List.of(resource)).all(), "describe the configs of").get(resource);
        TopicDescription description = describeTopic();
        int replicas = description.partitions().stream().mapToInt(p -> p.replicas().size()).min().orElse(0);
        return new IntegritySettings(producer.getString(ProducerConfig.ACKS_CONFIG),
                producer.getBoolean(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG),
                producer.getInt(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION),
                Integer.parseInt(config.get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG).value()),
                replicas,
                Boolean.parseBoolean(config.get(TopicConfig.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG).value()));
    }

    /** How many records a read left unread (0: all read), and each partition's log start offset when it was read. */
    private record ReadResult(long unread, Map<Integer, Long> logStarts) {
    }

    /**
     * Reads to the end offsets, or until the read makes no progress for {@link #STALL_TIMEOUT}. A stall does not
     * throw: what was read is still judged and written.
     */
    private ReadResult read(LogCheck check, Map<TopicPartition, Long> before) {
        Map<String, Object> props = new HashMap<>(connection);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "kbench-verifier");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
        try (KafkaConsumer<byte[], byte[]> consumer =
                     new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = partitions();
            consumer.assign(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            // Where each partition's read has got to (next offset), for counting what a stall leaves unread.
            Map<TopicPartition, Long> starts = consumer.beginningOffsets(partitions);
            Map<TopicPartition, Long> readTo = new HashMap<>(starts);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> remaining = new HashMap<>(ends);
            remaining.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            long lastProgress = System.nanoTime();
            while (!remaining.isEmpty()) {
                int polled = 0;
                ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
                for (TopicPartition tp : records.partitions()) {
                    long end = ends.get(tp);
                    long firstOfRun = before.getOrDefault(tp, 0L);
                    for (ConsumerRecord<byte[], byte[]> r : records.records(tp)) {
                        if (r.offset() < end) {
                            classify(check, r, firstOfRun);
                            polled++;
                            readTo.put(tp, r.offset() + 1);
                        }
                    }
                }
                remaining.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
                if (polled > 0) {
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress > STALL_TIMEOUT.toNanos()) {
                    return new ReadResult(Math.max(1, unread(readTo, remaining)), logStarts(consumer, partitions));
                }
            }
            return new ReadResult(0, logStarts(consumer, partitions));
        }
    }

    /**
     * Each partition's log start once the read is over: retention can delete while the read runs (the consumer then
     * skips ahead), and what it deleted before the read reached it is below this start, deleted rather than lost.
     */
    private static Map<Integer, Long> logStarts(KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions) {
        Map<Integer, Long> logStarts = new HashMap<>();
        consumer.beginningOffsets(partitions).forEach((p, offset) -> logStarts.put(p.partition(), offset));
        return logStarts;
    }

    /** Records between each stalled partition's position and its end offset. */
    static long unread(Map<TopicPartition, Long> readTo, Map<TopicPartition, Long> ends) {
        long unread = 0;
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            unread += Math.max(0, e.getValue() - readTo.getOrDefault(e.getKey(), 0L));
        }
        return unread;
    }

    private void classify(LogCheck check, ConsumerRecord<byte[], byte[]> r, long firstOfRun) {
        if (r.offset() < firstOfRun) {
            check.preexisting();
            return;
        }
        byte[] v = r.value();
        if (v == null || !ids.carriesId(v)) {
            check.foreign(r.partition(), r.offset());
        } else {
            check.ours(r.partition(), r.offset(), ids.producer(v), ids.sequence(v));
        }
    }

    private List<TopicPartition> partitions() {
        TopicDescription d = describeTopic();
        return d.partitions().stream().map(p -> new TopicPartition(topic, p.partition())).toList();
    }

    /**
     * The topic's description. A broker that has not yet caught up with a just-created topic's metadata answers
     * "unknown topic" for a moment, so that answer is retried for up to the admin timeout.
     */
    private TopicDescription describeTopic() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ADMIN_TIMEOUT_SEC);
        while (true) {
            try {
                return admin.describeTopics(List.of(topic)).allTopicNames().get(ADMIN_TIMEOUT_SEC, TimeUnit.SECONDS).get(topic);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    return await(admin.describeTopics(List.of(topic)).allTopicNames(), "describe").get(topic);
                }
            } catch (TimeoutException e) {
                return await(admin.describeTopics(List.of(topic)).allTopicNames(), "describe").get(topic);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("verify: interrupted", e);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("verify: interrupted", e);
            }
        }
    }

    private <T> T await(KafkaFuture<T> future, String what) {
        try {
            return future.get(ADMIN_TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new RunFailedException("verify: cannot " + what + " topic " + topic + ": " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw new RunFailedException("verify: cannot " + what + " topic " + topic + ": no answer within "
                    + ADMIN_TIMEOUT_SEC + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("verify: interrupted", e);
        }
    }
}
