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
import org.apache.kafka.clients.admin.DescribeFeaturesOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.SupportedVersionRange;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;

/**
 * The Admin calls of a roll: the active controller, the brokers' addresses, whether a restarted broker serves again,
 * how many partitions are short of their replicas, what a broker reports for its settings, and the cluster's
 * metadata.version (read, and finalized after a rolling upgrade). A call that fails while a
 * broker is away means "not known yet" (an empty answer), never a failed roll.
 */
final class RollAdmin {
    private static final int CALL_TIMEOUT_MILLIS = 5_000;
    /**
     * How long the probe of a restarted broker waits for an answer: a broker that serves answers in milliseconds, and a
     * shorter probe keeps the rejoin time and the in-sync polls between probes close to what happened.
     */
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;

    /** Kafka's feature name of the cluster's metadata format (KIP-778). */
    static final String METADATA_VERSION = "metadata.version";
    /**
     * How long a finalized metadata.version may take to read back: the controller commits it at once, the broker that
     * answers applies it with the next metadata it loads. With the two calls before it (5 s each) the whole finalize
     * stays within the 30 s FaultScheduler gives a fault's thread at close, so the admin client is never closed under it.
     */
    private static final int FINALIZE_READ_BACK_SECONDS = 15;

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

    /** The cluster's finalized metadata.version level (describeFeatures); empty when it cannot be read just now. */
    Optional<Short> metadataLevel() {
        return call(admin.describeFeatures(new DescribeFeaturesOptions().timeoutMs(CALL_TIMEOUT_MILLIS)).featureMetadata())
                .map(m -> m.finalizedFeatures().get(METADATA_VERSION)).map(FinalizedVersionRange::maxVersionLevel);
    }

    /**
     * Finalizes metadata.version to the newest level the brokers support (the maximum of the supported range a broker
     * reports, which leaves out levels its release marks unstable), as {@code kafka-features.sh upgrade} does: an
     * UPGRADE the controller accepts only when every broker and controller supports it. Waits until the finalized level
     * reads back; returns it. Throws with the controller's reason when it refuses.
     */
    short finalizeMetadata() {
        FeatureMetadata features = call(admin.describeFeatures(new DescribeFeaturesOptions()
                .timeoutMs(CALL_TIMEOUT_MILLIS)).featureMetadata())
                .orElseThrow(() -> new RunFailedException("cannot read the cluster's features (describeFeatures)"));
        SupportedVersionRange supported = features.supportedFeatures().get(METADATA_VERSION);
        if (supported == null) {
            throw new RunFailedException("the brokers report no supported range of " + METADATA_VERSION);
        }
        short target = supported.maxVersion();
        try {
            admin.updateFeatures(Map.of(METADATA_VERSION, new FeatureUpdate(target, FeatureUpdate.UpgradeType.UPGRADE)),
                    new UpdateFeaturesOptions().timeoutMs(CALL_TIMEOUT_MILLIS)).all().get(CALL_TIMEOUT_MILLIS,
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new RunFailedException("the controller refused " + METADATA_VERSION + " level " + target + ": "
                    + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw new RunFailedException("no answer to the update of " + METADATA_VERSION + " within "
                    + CALL_TIMEOUT_MILLIS / 1000 + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while finalizing " + METADATA_VERSION, e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(FINALIZE_READ_BACK_SECONDS);
        while (metadataLevel().filter(level -> level == target).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new RunFailedException(METADATA_VERSION + " level " + target + " was accepted but not read back"
                        + " within " + FINALIZE_READ_BACK_SECONDS + " s");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("interrupted while finalizing " + METADATA_VERSION, e);
            }
        }
        return target;
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
