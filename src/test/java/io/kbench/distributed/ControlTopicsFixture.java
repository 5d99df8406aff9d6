package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.EmbeddedCluster;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;

/** The control topics of a test's broker as someone else left them, and a worker's log to wait on. */
final class ControlTopicsFixture {
    private ControlTopicsFixture() {
    }

    static NewTopic topic(String name, int partitions, Map<String, String> configs) {
        return new NewTopic(name, partitions, (short) 1).configs(configs);
    }

    /** Deletes both control topics (waiting until they are gone), then creates {@code topics}. */
    static void recreate(EmbeddedCluster cluster, NewTopic... topics) throws Exception {
        List<String> names = List.of(ControlTopics.CONTROL, ControlTopics.RESULTS);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        try (Admin admin = admin(cluster)) {
            List<String> present = names.stream().filter(listed(admin)::contains).toList();
            if (!present.isEmpty()) {
                admin.deleteTopics(present).all().get(30, TimeUnit.SECONDS);
            }
            while (listed(admin).stream().anyMatch(names::contains)) {
                assertThat(System.nanoTime()).as("control topics deleted within 60 s").isLessThan(deadline);
                Thread.sleep(100);
            }
            for (NewTopic t : topics) {
                while (true) {
                    try {
                        admin.createTopics(List.of(t)).all().get(30, TimeUnit.SECONDS);
                        break;
                    } catch (ExecutionException e) {
                        // The deleted topic of the same name may still be on its way out.
                        if (!(e.getCause() instanceof TopicExistsException) || System.nanoTime() > deadline) {
                            throw e;
                        }
                        Thread.sleep(200);
                    }
                }
            }
        }
    }

    /** A topic's configuration as the broker describes it. */
    static Config config(EmbeddedCluster cluster, String topic) throws Exception {
        try (Admin admin = admin(cluster)) {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            return admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
        }
    }

    static Admin admin(EmbeddedCluster cluster) {
        return Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
    }

    private static Set<String> listed(Admin admin) {
        try {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("cannot list topics: " + e.getMessage(), e);
        }
    }

    /** Waits up to 90 s for {@code pattern} in a worker's output; returns its match. */
    static Matcher await(ByteArrayOutputStream out, Pattern pattern) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = pattern.matcher(out.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                return m;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + pattern + "' within 90 s in:\n" + out.toString(StandardCharsets.UTF_8));
    }
}
