package io.kbench.distributed;

import io.kbench.error.RunFailedException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * The two topics of the protocol: the coordinator writes the control topic, workers write the results topic. One
 * partition each keeps every writer's messages in order; LogAppendTime makes every record a reading of the
 * control partition leader's clock (everyone's clock probes go there), which is the "cluster clock" all offsets refer to. Whoever comes first creates
 * them (a worker may start before any coordinator).
 */
final class ControlTopics {
    static final String CONTROL = "kbench-control";
    static final String RESULTS = "kbench-results";
    private static final long TIMEOUT_SEC = 30;
    /** Messages are only needed while their run lasts. */
    private static final Map<String, String> CONFIGS = Map.of("message.timestamp.type", "LogAppendTime",
            "retention.ms", "3600000", "cleanup.policy", "delete");

    private ControlTopics() {
    }

    /** Creates both topics unless they exist, replicated up to 3 times as far as the cluster allows. */
    static void ensure(Map<String, Object> adminProperties) {
        try (Admin admin = Admin.create(adminProperties)) {
            Set<String> existing = admin.listTopics().names().get(TIMEOUT_SEC, TimeUnit.SECONDS);
            if (existing.contains(CONTROL) && existing.contains(RESULTS)) {
                return;
            }
            int brokers = admin.describeCluster().nodes().get(TIMEOUT_SEC, TimeUnit.SECONDS).size();
            short rf = (short) Math.max(1, Math.min(3, brokers));
            for (String name : List.of(CONTROL, RESULTS)) {
                if (!existing.contains(name)) {
                    create(admin, new NewTopic(name, 1, rf).configs(CONFIGS));
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new RunFailedException("cannot prepare the control topics " + CONTROL + " and " + RESULTS + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while preparing the control topics", e);
        }
    }

    private static void create(Admin admin, NewTopic topic) throws InterruptedException, TimeoutException, ExecutionException {
        try {
            admin.createTopics(List.of(topic)).all().get(TIMEOUT_SEC, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
    }
}
