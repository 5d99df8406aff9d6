package io.kbench.fault;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.error.RunFailedException;
import io.kbench.spec.FaultSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

/** Finds the broker a fault hits when it fires, by asking the cluster (Admin API) where that is needed. */
final class BrokerResolver {
    private static final long TIMEOUT_SECONDS = 10;

    private final Admin admin;
    private final String topic;
    private final EmbeddedCluster cluster;

    /** {@code cluster}: the embedded cluster, or null for an external one (random then picks from describeCluster). */
    BrokerResolver(Admin admin, String topic, EmbeddedCluster cluster) {
        this.admin = admin;
        this.topic = topic;
        this.cluster = cluster;
    }

    int resolve(FaultSpec f) {
        switch (f.target().kind()) {
            case BROKER:
                return f.target().brokerId();
            case LEADER:
                return leader(f.leaderPartition());
            case FOLLOWER:
                return follower(f.leaderPartition());
            case CONTROLLER:
                return get(admin.describeMetadataQuorum().quorumInfo(), "the active controller").leaderId();
            case RANDOM:
                List<Integer> candidates = candidates();
                if (candidates.isEmpty()) {
                    throw new RunFailedException("no running broker to pick from");
                }
                return candidates.get(new Random(f.randomSeed()).nextInt(candidates.size()));
            default:
                throw new IllegalStateException("unknown target " + f.target());
        }
    }

    private int leader(int partition) {
        Node leader = partition(partition).leader();
        if (leader == null || leader.isEmpty()) {
            throw new RunFailedException("partition " + partition + " of " + topic + " has no leader");
        }
        return leader.id();
    }

    /** The first in-sync replica that is not the leader (a follower acks=all waits for). */
    private int follower(int partition) {
        TopicPartitionInfo p = partition(partition);
        int leader = p.leader() == null ? -1 : p.leader().id();
        return p.isr().stream().filter(n -> n.id() != leader).findFirst()
                .orElseThrow(() -> new RunFailedException("partition " + partition + " of " + topic
                        + " has no in-sync follower"))
                .id();
    }

    private TopicPartitionInfo partition(int partition) {
        TopicDescription d = get(admin.describeTopics(List.of(topic)).allTopicNames(), "the topic's partitions").get(topic);
        return d.partitions().stream().filter(x -> x.partition() == partition).findFirst()
                .orElseThrow(() -> new RunFailedException("topic " + topic + " has no partition " + partition));
    }

    /** Running, not paused brokers, in id order, so that a seed always picks the same one from the same set. */
    private List<Integer> candidates() {
        List<Integer> ids = new ArrayList<>();
        if (cluster != null) {
            for (int id : cluster.brokerIds()) {
                if (cluster.isRunning(id) && !cluster.isPaused(id)) {
                    ids.add(id);
                }
            }
        } else {
            get(admin.describeCluster().nodes(), "the brokers").forEach(n -> ids.add(n.id()));
        }
        ids.sort(Comparator.naturalOrder());
        return ids;
    }

    private static <T> T get(KafkaFuture<T> future, String what) {
        try {
            return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new RunFailedException("cannot find " + what + ": " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw new RunFailedException("cannot find " + what + " within " + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while looking for " + what, e);
        }
    }
}
