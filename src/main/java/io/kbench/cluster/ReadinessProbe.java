package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Waits until every broker is registered and a topic replicated on all of them has a full ISR. */
final class ReadinessProbe {
    /** The throwaway topic proving the cluster can create and replicate a partition. */
    static final String READY_TOPIC = "__kbench_ready";

    private static final long POLL_MILLIS = 250;
    private static final int CALL_TIMEOUT_MILLIS = 5_000;

    private final String bootstrapServers;
    private final List<BrokerProcess> brokers;
    private final Map<String, String> clientProperties;

    ReadinessProbe(String bootstrapServers, List<BrokerProcess> brokers) {
        this(bootstrapServers, brokers, Map.of());
    }

    /** {@code clientProperties}: how to reach a secured client listener (security.protocol, ssl.*, sasl.*). */
    ReadinessProbe(String bootstrapServers, List<BrokerProcess> brokers, Map<String, String> clientProperties) {
        this.bootstrapServers = bootstrapServers;
        this.brokers = brokers;
        this.clientProperties = clientProperties;
    }

    /** Returns once the cluster is ready; throws RunFailedException if a broker died or time ran out. */
    void await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(adminConfig("kbench-readiness"))) {
            int n = brokers.size();
            String step = "all " + n + " brokers registered";
            while (registeredBrokers(admin) < n) {
                pause(deadline, timeout, step);
            }
            step = "topic " + READY_TOPIC + " created";
            while (!createReadyTopic(admin, (short) n)) {
                pause(deadline, timeout, step);
            }
            step = "topic " + READY_TOPIC + " has a leader and " + n + " in-sync replicas";
            while (!fullyReplicated(admin, n)) {
                pause(deadline, timeout, step);
            }
            step = "topic " + READY_TOPIC + " deleted";
            while (!deleteReadyTopic(admin)) {
                pause(deadline, timeout, step);
            }
        }
    }

    /** Returns once broker {@code id} (one of this probe's brokers) is registered; fails when it exits first. */
    void awaitRegistered(int id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(adminConfig("kbench-join"))) {
            while (!call(() -> admin.describeCluster(new DescribeClusterOptions().timeoutMs(CALL_TIMEOUT_MILLIS))
                    .nodes().get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).stream().anyMatch(n -> n.id() == id))
                    .orElse(false)) {
                pause(deadline, timeout, "broker " + id + " registered");
            }
        }
    }

    private Map<String, Object> adminConfig(String clientId) {
        Map<String, Object> config = new HashMap<>(clientProperties);
        config.putAll(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, CALL_TIMEOUT_MILLIS,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, CALL_TIMEOUT_MILLIS,
                AdminClientConfig.CLIENT_ID_CONFIG, clientId));
        return config;
    }

    private void pause(long deadline, Duration timeout, String waitingFor) throws InterruptedException {
        checkAlive();
        if (System.nanoTime() > deadline) {
            throw new RunFailedException("cluster not ready after " + timeout.toSeconds() + " s (waiting for "
                    + waitingFor + "); see broker logs in " + brokers.get(0).logFile().getParent());
        }
        Thread.sleep(POLL_MILLIS);
    }

    /** Fails fast, naming the broker, when a broker JVM exited during startup. */
    void checkAlive() {
        for (BrokerProcess b : brokers) {
            if (!b.isAlive()) {
                throw new RunFailedException("broker " + b.node().id() + " (pid " + b.pid() + ") exited with code "
                        + b.process().exitValue() + " during startup: " + b.lastError() + " (see " + b.logFile()
                        + " and " + b.outFile() + ")");
            }
        }
    }

    private static int registeredBrokers(Admin admin) throws InterruptedException {
        return call(() -> admin.describeCluster(new DescribeClusterOptions().timeoutMs(CALL_TIMEOUT_MILLIS))
                .nodes().get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).size()).orElse(0);
    }

    private static boolean createReadyTopic(Admin admin, short replicas) throws InterruptedException {
        try {
            admin.createTopics(List.of(new NewTopic(READY_TOPIC, 1, replicas)))
                    .all().get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException e) {
            // Left over from an earlier start on the same data dir: just as good.
            return e.getCause() instanceof TopicExistsException;
        } catch (TimeoutException e) {
            return false;
        }
    }

    private static boolean fullyReplicated(Admin admin, int replicas) throws InterruptedException {
        return call(() -> {
            Map<String, TopicDescription> topics = admin.describeTopics(List.of(READY_TOPIC),
                    new DescribeTopicsOptions().timeoutMs(CALL_TIMEOUT_MILLIS))
                    .allTopicNames().get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            Collection<TopicPartitionInfo> partitions = topics.get(READY_TOPIC).partitions();
            return !partitions.isEmpty() && partitions.stream()
                    .allMatch(p -> p.leader() != null && !p.leader().isEmpty() && p.isr().size() == replicas);
        }).orElse(false);
    }

    private static boolean deleteReadyTopic(Admin admin) throws InterruptedException {
        try {
            admin.deleteTopics(List.of(READY_TOPIC)).all().get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException e) {
            return e.getCause() instanceof UnknownTopicOrPartitionException;
        } catch (TimeoutException e) {
            return false;
        }
    }

    private interface AdminCall<T> {
        T run() throws ExecutionException, TimeoutException, InterruptedException;
    }

    /** Runs one admin call; a failure while the cluster forms is expected and means "try again". */
    private static <T> Optional<T> call(AdminCall<T> call) throws InterruptedException {
        try {
            return Optional.ofNullable(call.run());
        } catch (ExecutionException | TimeoutException e) {
            return Optional.empty();
        }
    }
}
