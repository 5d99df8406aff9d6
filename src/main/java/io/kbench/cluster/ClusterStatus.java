package io.kbench.cluster;

import java.util.List;

/** The recorded state of a long-lived cluster plus which of its brokers are still running. */
public record ClusterStatus(ClusterState state, List<BrokerStatus> brokers) {

    public ClusterStatus {
        brokers = List.copyOf(brokers);
    }

    /** True if every recorded broker is still running. */
    public boolean allAlive() {
        return !brokers.isEmpty() && brokers.stream().allMatch(BrokerStatus::alive);
    }

    /** True if at least one recorded broker is still running. */
    public boolean anyAlive() {
        return brokers.stream().anyMatch(BrokerStatus::alive);
    }
}
