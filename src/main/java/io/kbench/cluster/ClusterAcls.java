package io.kbench.cluster;

import io.kbench.error.InvalidInputException;

/**
 * KRaft's StandardAuthorizer on an embedded cluster and the ACLs kbench creates before the load ({@link AclSetup}).
 *
 * @param count         ACLs that match none of the workload's requests (another principal, another topic)
 * @param grantWorkload whether the workload's principal gets what it needs on topics, groups, transactional ids and
 *                      the cluster
 */
public record ClusterAcls(int count, boolean grantWorkload) {
    /** Kafka's authorizer for KRaft clusters: ACLs live in the metadata log. */
    static final String AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer";

    public ClusterAcls {
        if (count < 0) {
            throw InvalidInputException.field("cluster.security.acls.count", count, "must be >= 0");
        }
    }

    /** ACLs the workload principal is granted: {@link AclSetup#bindings} creates exactly these many. */
    static final int WORKLOAD_GRANTS = 14;

    /** Every ACL the cluster holds once set up. */
    public int total() {
        return count + (grantWorkload ? WORKLOAD_GRANTS : 0);
    }

    /** How the run header and cluster.json name it, e.g. {@code StandardAuthorizer with 1000 ACLs + the workload's}. */
    String describe() {
        return "StandardAuthorizer with " + count + " other ACL(s)"
                + (grantWorkload ? " + the workload's" : ", the workload's principal granted nothing");
    }
}
