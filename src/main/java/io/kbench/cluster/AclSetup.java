package io.kbench.cluster;

import io.kbench.error.RunFailedException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * Creates an embedded cluster's ACLs once it is ready, as the brokers' own principal (a super user), and waits until
 * the brokers serve all of them, so the load starts against the full set.
 */
final class AclSetup {
    /** Created per CreateAcls request: one request for a million would be one huge metadata batch. */
    private static final int BATCH = 1_000;
    private static final long CALL_TIMEOUT_MILLIS = 30_000;
    private static final long POLL_MILLIS = 100;
    /** Prefix of the principals and topics of the ACLs that match nothing the workload does. */
    static final String OTHER = "kbench-acl-";

    private AclSetup() {
    }

    /** The workload principal's ACLs (if granted), then {@code count} others; returns how many ACLs the cluster has. */
    static int create(String bootstrap, Map<String, String> adminProperties, ClusterSecurity security)
            throws InterruptedException {
        List<AclBinding> acls = bindings(security);
        Map<String, Object> config = new HashMap<>(adminProperties);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "kbench-acls");
        try (Admin admin = Admin.create(config)) {
            for (int from = 0; from < acls.size(); from += BATCH) {
                admin.createAcls(acls.subList(from, Math.min(acls.size(), from + BATCH))).all()
                        .get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            }
            awaitServed(admin, acls.size());
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new RunFailedException("cannot create the cluster's " + acls.size() + " ACLs: " + cause, cause);
        }
        return acls.size();
    }

    /** Every ACL of {@code security}: the workload principal's grants first. */
    static List<AclBinding> bindings(ClusterSecurity security) {
        ClusterAcls plan = security.acls();
        List<AclBinding> acls = new ArrayList<>(plan.count() + 16);
        if (plan.grantWorkload()) {
            String principal = security.workloadPrincipal();
            allow(acls, principal, ResourceType.TOPIC, ResourcePattern.WILDCARD_RESOURCE, AclOperation.CREATE,
                    AclOperation.DELETE, AclOperation.DESCRIBE, AclOperation.DESCRIBE_CONFIGS, AclOperation.READ,
                    AclOperation.WRITE);
            allow(acls, principal, ResourceType.GROUP, ResourcePattern.WILDCARD_RESOURCE, AclOperation.READ,
                    AclOperation.DESCRIBE, AclOperation.DELETE);
            allow(acls, principal, ResourceType.TRANSACTIONAL_ID, ResourcePattern.WILDCARD_RESOURCE,
                    AclOperation.WRITE, AclOperation.DESCRIBE);
            allow(acls, principal, ResourceType.CLUSTER, "kafka-cluster", AclOperation.IDEMPOTENT_WRITE,
                    AclOperation.DESCRIBE, AclOperation.DESCRIBE_CONFIGS);
        }
        for (int i = 0; i < plan.count(); i++) {
            allow(acls, "User:" + OTHER + i, ResourceType.TOPIC, OTHER + i, AclOperation.READ);
        }
        return acls;
    }

    private static void allow(List<AclBinding> acls, String principal, ResourceType type, String name,
                              AclOperation... operations) {
        for (AclOperation operation : operations) {
            acls.add(new AclBinding(new ResourcePattern(type, name, PatternType.LITERAL),
                    new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)));
        }
    }

    /** CreateAcls returns once the controller committed them; each broker applies them when it replays the log. */
    private static void awaitServed(Admin admin, int expected)
            throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CALL_TIMEOUT_MILLIS);
        int served;
        while ((served = admin.describeAcls(AclBindingFilter.ANY).values()
                .get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).size()) < expected) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("the brokers serve " + served + " of " + expected + " ACLs");
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
