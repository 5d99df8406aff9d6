package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The consumer group protocol of live and backlog consumers (the consumer property {@code group.protocol}). */
public enum GroupProtocol {
    /** The classic protocol: the group leader assigns, every rebalance stops the whole group. */
    @JsonProperty("classic") CLASSIC,
    /** KIP-848: the broker assigns and moves partitions one by one; members keep what is not moved. */
    @JsonProperty("consumer") CONSUMER;

    /** The value of the consumer property {@code group.protocol}. */
    public String property() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
