package io.kbench.fault;

import io.kbench.error.RunFailedException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;

/**
 * The Admin calls of a reassignment: the current assignment, Kafka's replication throttle (the broker rates and the
 * topics' throttled replicas, as kafka-reassign-partitions sets them), the move itself, its completion, and the size
 * of what it moved.
 */
final class ReassignmentAdmin {
    static final String LEADER_RATE = "leader.replication.throttled.rate";
    static final String FOLLOWER_RATE = "follower.replication.throttled.rate";
    static final String LEADER_REPLICAS = "leader.replication.throttled.replicas";
    static final String FOLLOWER_REPLICAS = "follower.replication.throttled.replicas";
    private static final long TIMEOUT_SECONDS = 15;

    private final Admin admin;

    ReassignmentAdmin(Admin admin) {
        this.admin = admin;
    }

    /** The ids of the brokers the controller has registered and not fenced, sorted. */
    List<Integer> liveBrokers() {
        return get(admin.describeCluster().nodes(), "the brokers").stream().map(Node::id).sorted().toList();
    }

    /** Every topic, internal ones included (a leaving broker holds __consumer_offsets replicas too). */
    Set<String> allTopics() {
        return get(admin.listTopics(new ListTopicsOptions().listInternal(true)).names(), "the topics");
    }

    /** The replicas of every partition of {@code topics}, in the order the controller keeps them. */
    Map<TopicPartition, List<Integer>> assignment(Collection<String> topics) {
        Map<TopicPartition, List<Integer>> current = new HashMap<>();
        Map<String, TopicDescription> described = get(admin.describeTopics(topics).allTopicNames(), "the partitions");
        described.forEach((topic, d) -> d.partitions().forEach(p -> current.put(new TopicPartition(topic, p.partition()),
                p.replicas().stream().map(Node::id).toList())));
        return current;
    }

    /** Sets the throttle: the rate on every live broker, the moving replicas of each topic as throttled. */
    void throttle(long bytesPerSec, Map<TopicPartition, List<Integer>> current,
                  Map<TopicPartition, Set<Integer>> added) {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new HashMap<>();
        String rate = Long.toString(bytesPerSec);
        for (int broker : liveBrokers()) {
            ops.put(brokerResource(broker), List.of(set(LEADER_RATE, rate), set(FOLLOWER_RATE, rate)));
        }
        Map<String, List<String>> leaders = new TreeMap<>();
        Map<String, List<String>> followers = new TreeMap<>();
        added.forEach((tp, gained) -> {
            // Leaders: the replicas the data is copied from; followers: those that copy it.
            current.get(tp).forEach(r -> leaders.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition() + ":" + r));
            gained.forEach(r -> followers.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition() + ":" + r));
        });
        leaders.forEach((topic, replicas) -> ops.put(new ConfigResource(ConfigResource.Type.TOPIC, topic), List.of(
                set(LEADER_REPLICAS, String.join(",", replicas)),
                set(FOLLOWER_REPLICAS, String.join(",", followers.getOrDefault(topic, List.of()))))));
        get(admin.incrementalAlterConfigs(ops).all(), "the replication throttle set");
    }

    /** Removes what {@link #throttle} set, from every live broker and the moved topics. */
    void removeThrottle(Collection<String> topics) {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new HashMap<>();
        for (int broker : liveBrokers()) {
            ops.put(brokerResource(broker), List.of(delete(LEADER_RATE), delete(FOLLOWER_RATE)));
        }
        Set<String> existing = allTopics();
        topics.stream().filter(existing::contains).forEach(topic -> ops.put(
                new ConfigResource(ConfigResource.Type.TOPIC, topic),
                List.of(delete(LEADER_REPLICAS), delete(FOLLOWER_REPLICAS))));
        get(admin.incrementalAlterConfigs(ops).all(), "the replication throttle removed");
    }

    /** Submits the move (alterPartitionReassignments); returns once the controller accepted it. */
    void start(Map<TopicPartition, List<Integer>> moves) {
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new HashMap<>();
        moves.forEach((tp, replicas) -> request.put(tp, Optional.of(new NewPartitionReassignment(replicas))));
        get(admin.alterPartitionReassignments(request).all(), "the reassignment accepted");
    }

    /** How many of {@code partitions} the controller still reassigns (listPartitionReassignments). */
    int reassigning(Set<TopicPartition> partitions) {
        return get(admin.listPartitionReassignments(partitions).reassignments(), "the reassignments in progress")
                .size();
    }

    /** Bytes the added replicas hold now: their log sizes on the brokers that gained them (describeLogDirs). */
    long addedBytes(Map<TopicPartition, Set<Integer>> added) {
        Set<Integer> brokers = added.values().stream().flatMap(Set::stream).collect(Collectors.toSet());
        Map<Integer, Map<String, LogDirDescription>> dirs = get(admin.describeLogDirs(brokers).allDescriptions(),
                "the log dirs");
        long bytes = 0;
        for (Map.Entry<TopicPartition, Set<Integer>> e : added.entrySet()) {
            for (int broker : e.getValue()) {
                for (LogDirDescription dir : dirs.getOrDefault(broker, Map.of()).values()) {
                    ReplicaInfo replica = dir.replicaInfos().get(e.getKey());
                    bytes += replica == null ? 0 : replica.size();
                }
            }
        }
        return bytes;
    }

    /** Removes a stopped broker's registration from the KRaft controller (kafka-cluster.sh unregister). */
    void unregister(int broker) {
        get(admin.unregisterBroker(broker).all(), "broker " + broker + " unregistered");
    }

    private static ConfigResource brokerResource(int broker) {
        return new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(broker));
    }

    private static AlterConfigOp set(String key, String value) {
        return new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
    }

    private static AlterConfigOp delete(String key) {
        return new AlterConfigOp(new ConfigEntry(key, ""), AlterConfigOp.OpType.DELETE);
    }

    private static <T> T get(KafkaFuture<T> future, String what) {
        try {
            return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new RunFailedException("cannot get " + what + ": " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw new RunFailedException("cannot get " + what + " within " + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while waiting for " + what, e);
        }
    }
}
