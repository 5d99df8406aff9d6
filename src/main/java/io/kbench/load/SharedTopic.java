package io.kbench.load;

import io.kbench.client.ClientProperties;

import io.kbench.spec.TopicSpec;
import java.time.Duration;
import org.apache.kafka.clients.admin.Admin;

/**
 * The workload's topic when several processes share a run: the coordinator creates (or checks) it once before any
 * share starts, and deletes it after the last one ended when the workload says so, as a single run would.
 */
public final class SharedTopic {
    private SharedTopic() {
    }

    /** Creates the topic unless it exists; returns its partition count. */
    public static int prepare(TopicSpec topic, ClientProperties clients) {
        try (Admin admin = Admin.create(clients.admin())) {
            return new TopicSetup(admin, clients.bootstrapServers()).prepare(topic);
        }
    }

    /** Deletes the topic, waiting at most {@code timeout}; returns null, or why it was not deleted. */
    public static String delete(String topic, ClientProperties clients, Duration timeout) {
        try (Admin admin = Admin.create(clients.admin())) {
            return new TopicSetup(admin, clients.bootstrapServers()).tryDelete(topic, timeout);
        }
    }
}
