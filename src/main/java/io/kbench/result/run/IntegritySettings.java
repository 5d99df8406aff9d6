package io.kbench.result.run;

import java.util.Objects;

/**
 * The settings that decide whether an anomaly is permitted, as they were in effect (client defaults and broker
 * defaults resolved, not just what the workload wrote).
 *
 * @param acks                   producer acks: all, 1 or 0 ("-1" is written as all)
 * @param idempotence            whether the producers were idempotent (Kafka turns it off silently when other
 *                               settings conflict and it was not set explicitly)
 * @param maxInFlight            max.in.flight.requests.per.connection
 * @param minInsyncReplicas      the topic's effective min.insync.replicas (topic config or broker default)
 * @param replicationFactor      the smallest replica count of the topic's partitions
 * @param uncleanLeaderElection  the topic's effective unclean.leader.election.enable
 */
public record IntegritySettings(String acks, boolean idempotence, int maxInFlight, int minInsyncReplicas,
                                int replicationFactor, boolean uncleanLeaderElection) {
    public IntegritySettings {
        Objects.requireNonNull(acks, "acks");
        acks = "-1".equals(acks) ? "all" : acks;
    }

    /** One line for the terminal. */
    public String line() {
        return "acks=" + acks + " idempotence=" + idempotence + " min.insync.replicas=" + minInsyncReplicas
                + " RF=" + replicationFactor + " unclean.leader.election=" + uncleanLeaderElection;
    }
}
