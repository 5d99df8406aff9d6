package io.kbench.fault;

import io.kbench.error.RunFailedException;
import java.time.Duration;
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
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;

/**
 * The Admin calls of a roll: the active controller, the brokers' addresses, whether a restarted broker serves again,
 * how many partitions are short of their replicas, and what a broker reports for its settings. A call that fails while a
 * broker is away means "not known yet" (an empty answer), never a failed roll.
 */
final class RollAdmin {
    private static final int CALL_TIMEOUT_MILLIS = 5_000;
    /**
     * How long the probe of a restarted broker waits for an answer: a broker that serves answers in milliseconds, and a
     * shorter probe keeps the rejoin time and the in-sync polls between probes close to what happened.
     */
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;

    private final Admin admin;
    private final Map<String, Object> adminConfig;

    /** {@code adminConfig}: the run's connection settings, for the admin that talks to one broker only. */
    RollAdmin(Admin admin, Map<String, Object> adminConfig) {
        this.admin = admin;
        this.adminConfig = adminConfig;
    }

    /** The leader of the KRaft quorum (describeMetadataQuorum), or null when it cannot be read. */
    Integer activeController() {
        return call(admin.describeMetadataQuorum().quorumInfo()).map(q -> q.leaderId()).orElse(null);
    }

    /** Each live broker's advertised client address, {@code host:port}, by id. */
    Map<Integer, String> addresses() {
        return call(admin.describeCluster(new DescribeClusterOptions().timeoutMs(CALL_TIMEOUT_MILLIS)).nodes())
                .orElseThrow(() -> new RunFailedException("cannot list the brokers (describeCluster)")).stream()
                .collect(Collectors.toMap(Node::id, n -> n.host() + ":" + n.port(), (a, b) -> a, TreeMap::new));
    }

    /**
     * Whether the broker at {@code address} serves requests: an admin that knows only that address gets an answer. A
     * Kafka broker accepts requests only once it has registered, caught up with the metadata and been unfenced
     * (BrokerServer's startup waits for that before it enables request processing), so this is "rejoined".
     */
    boolean serves(String address) {
        Map<String, Object> config = new HashMap<>(adminConfig);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, address);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-roll-probe");
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, PROBE_TIMEOUT_MILLIS);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, PROBE_TIMEOUT_MILLIS);
        Admin one = Admin.create(config);
        try {
            return call(one.describeCluster(new DescribeClusterOptions().timeoutMs(PROBE_TIMEOUT_MILLIS)).clusterId(),
                    PROBE_TIMEOUT_MILLIS).isPresent();
        } finally {
            // A call to a broker that is not up yet may still be pending: it is not waited for.
            one.close(Duration.ofMillis(500));
        }
    }

    /**
     * Partitions of every topic (internal ones included) without a leader or with fewer in-sync replicas than
     * replicas; empty when the metadata cannot be read just now.
     */
    Optional<Integer> shortPartitions() {
        Optional<Set<String>> topics = call(admin.listTopics(new ListTopicsOptions().listInternal(true)
                .timeoutMs(CALL_TIMEOUT_MILLIS)).names());
        if (topics.isEmpty()) {
            return Optional.empty();
        }
        return call(admin.describeTopics(topics.get(), new DescribeTopicsOptions().timeoutMs(CALL_TIMEOUT_MILLIS))
                .allTopicNames()).map(RollAdmin::shortOf);
    }

    static int shortOf(Map<String, TopicDescription> topics) {
        int n = 0;
        for (TopicDescription t : topics.values()) {
            for (TopicPartitionInfo p : t.partitions()) {
                if (p.leader() == null || p.leader().isEmpty() || p.isr().size() < p.replicas().size()) {
                    n++;
                }
            }
        }
        return n;
    }

    /** {@code keys} as broker {@code broker} reports them (describeConfigs); a secret's value is not shown. */
    Map<String, String> config(int broker, Set<String> keys) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(broker));
        Config config = call(admin.describeConfigs(List.of(resource), new DescribeConfigsOptions()
                .timeoutMs(CALL_TIMEOUT_MILLIS)).all()).map(m -> m.get(resource))
                .orElseThrow(() -> new RunFailedException("cannot read broker " + broker + "'s settings (describeConfigs)"));
        Map<String, String> read = new TreeMap<>();
        for (String key : keys) {
            ConfigEntry e = config.get(key);
            read.put(key, e == null ? "(not reported)" : e.isSensitive() ? "(sensitive)" : String.valueOf(e.value()));
        }
        return read;
    }

    private static <T> Optional<T> call(KafkaFuture<T> future) {
        return call(future, CALL_TIMEOUT_MILLIS);
    }

    private static <T> Optional<T> call(KafkaFuture<T> future, int timeoutMillis) {
        try {
            return Optional.ofNullable(future.get(timeoutMillis, TimeUnit.MILLISECONDS));
        } catch (ExecutionException | TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
