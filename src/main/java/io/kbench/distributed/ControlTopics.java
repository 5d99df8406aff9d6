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
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * The two topics of the protocol: the coordinator writes the control topic, workers write the results topic. One
 * partition each keeps every writer's messages in order; LogAppendTime makes every record a reading of the
 * control partition leader's clock (everyone's clock probes go there), which is the "cluster clock" all offsets refer to. Whoever comes first creates
 * them (a worker may start before any coordinator); topics found are used only as {@link ControlTopicCheck} finds them.
 */
final class ControlTopics {
    static final String CONTROL = "kbench-control";
    static final String RESULTS = "kbench-results";
    private static final long TIMEOUT_SEC = 30;
    /**
     * Messages are only needed while their run lasts; the batch bound is set, not inherited, so a broker whose default
     * is larger still gives topics the check accepts.
     */
    private static final Map<String, String> CONFIGS = Map.of(ControlTopicCheck.TIMESTAMP_TYPE,
            ControlTopicCheck.LOG_APPEND_TIME, "retention.ms", "3600000", "cleanup.policy", "delete",
            ControlTopicCheck.MAX_MESSAGE, String.valueOf(ControlTopicCheck.MAX_MESSAGE_BYTES));

    private ControlTopics() {
    }

    /**
     * Creates both topics unless they exist, replicated up to 3 times as far as the cluster allows, then checks both as
     * the cluster describes them: a topic found with settings the protocol cannot work with is an input error naming it.
     */
    static void ensure(Map<String, Object> adminProperties) {
        try (Admin admin = Admin.create(adminProperties)) {
            Set<String> existing = admin.listTopics().names().get(TIMEOUT_SEC, TimeUnit.SECONDS);
            if (!existing.containsAll(List.of(CONTROL, RESULTS))) {
                int brokers = admin.describeCluster().nodes().get(TIMEOUT_SEC, TimeUnit.SECONDS).size();
                short rf = (short) Math.max(1, Math.min(3, brokers));
                for (String name : List.of(CONTROL, RESULTS)) {
                    if (!existing.contains(name)) {
                        create(admin, new NewTopic(name, 1, rf).configs(CONFIGS));
                    }
                }
            }
            ControlTopicCheck.check(admin, TIMEOUT_SEC);
        } catch (ExecutionException | TimeoutException e) {
            boolean denied = e.getCause() instanceof AuthorizationException;
            throw new RunFailedException("cannot prepare the control topics " + CONTROL + " and " + RESULTS + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage())
                    + (denied ? " (kbench needs DESCRIBE, DESCRIBE_CONFIGS, READ and WRITE on both, and CREATE while"
                            + " they do not exist)" : ""), e);
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
