package io.kbench.load;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.spec.TopicSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Creates the workload's topic when asked, or checks that it exists; reports the partition count in use. */
final class TopicSetup {
    private static final long TIMEOUT_SEC = 30;
    private final Admin admin;
    private final String bootstrap;

    TopicSetup(Admin admin, String bootstrap) {
        this.admin = admin;
        this.bootstrap = bootstrap;
    }

    /** Returns the topic's partition count. */
    int prepare(TopicSpec topic) {
        TopicDescription existing = describe(topic.name());
        if (existing != null) {
            return existing.partitions().size();
        }
        if (!topic.create()) {
            throw InvalidInputException.field("topic.name", topic.name(), "topic does not exist and topic.create is false");
        }
        NewTopic newTopic = new NewTopic(topic.name(), topic.partitions(), topic.replicationFactor().shortValue())
                .configs(Map.copyOf(topic.configs()));
        try {
            admin.createTopics(List.of(newTopic)).all().get(TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InvalidReplicationFactorException) {
                throw InvalidInputException.field("topic.replicationFactor", topic.replicationFactor(), cause.getMessage());
            }
            if (cause instanceof InvalidConfigurationException || cause instanceof PolicyViolationException) {
                throw InvalidInputException.field("topic.configs", topic.configs(), cause.getMessage());
            }
            if (!(cause instanceof TopicExistsException)) {
                throw new RunFailedException("cannot create topic " + topic.name() + ": " + cause.getMessage(), cause);
            }
        } catch (TimeoutException e) {
            throw unreachable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while creating topic " + topic.name(), e);
        }
        TopicDescription created = awaitLeaders(topic.name());
        return created.partitions().size();
    }

    void delete(String topic) {
        try {
            admin.deleteTopics(List.of(topic)).all().get(TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new RunFailedException("cannot delete topic " + topic + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deletes the topic waiting at most {@code timeout}; returns null, or why it was not deleted. */
    String tryDelete(String topic, Duration timeout) {
        try {
            admin.deleteTopics(List.of(topic)).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause().getMessage();
        } catch (TimeoutException e) {
            return "no answer within " + timeout.toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private TopicDescription describe(String name) {
        try {
            return admin.describeTopics(List.of(name)).allTopicNames().get(TIMEOUT_SEC, TimeUnit.SECONDS).get(name);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return null;
            }
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw unreachable();
            }
            throw new RunFailedException("cannot describe topic " + name + ": " + e.getCause().getMessage(), e);
        } catch (TimeoutException e) {
            throw unreachable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while describing topic " + name, e);
        }
    }

    private TopicDescription awaitLeaders(String name) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SEC);
        while (System.nanoTime() < deadline) {
            TopicDescription d = describe(name);
            if (d != null && d.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
                return d;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunFailedException("interrupted while waiting for topic " + name, e);
            }
        }
        throw new RunFailedException("topic " + name + " has partitions without a leader after " + TIMEOUT_SEC + " s");
    }

    private RunFailedException unreachable() {
        return new RunFailedException("cannot reach Kafka at " + bootstrap + " (no answer within 20 s)");
    }
}
