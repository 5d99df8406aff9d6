package io.kbench.spec;

import io.kbench.error.Checks;

/**
 * KRaft's {@code StandardAuthorizer} on the embedded cluster, so the cost of authorization is a measurable axis.
 * Present: the brokers authorize every request; the brokers' and controllers' principals (and kbench, which creates
 * the ACLs as the brokers' principal) are super users; everyone else needs an ACL.
 *
 * @param count         ACLs kbench creates before the load besides the workload's own: each allows another principal
 *                      to read another topic, so none matches the workload's requests (the authorizer still searches
 *                      them); default 0
 * @param grantWorkload whether the workload's principal gets the ACLs it needs (default true); false shows what a
 *                      missing ACL does: the run fails with Kafka's authorization error
 */
public record AclSpec(Integer count, Boolean grantWorkload) {
    /** ACLs kbench creates at most; a million is well past what Kafka's docs discuss and still fits a broker heap. */
    public static final int MAX_COUNT = 1_000_000;

    public AclSpec {
        count = count == null ? 0 : count;
        Checks.between("cluster.security.acls.count", count, 0, MAX_COUNT);
        grantWorkload = grantWorkload == null ? Boolean.TRUE : grantWorkload;
    }
}
