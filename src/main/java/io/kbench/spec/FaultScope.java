package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which of a broker's proxied listeners a network fault acts on; see docs/faults.md. */
public enum FaultScope {
    /** The client listener: producers, consumers, the Admin client. */
    @JsonProperty("clients") CLIENTS,
    /** Replication: follower fetches served by the broker, and the broker's own fetches from its leaders. */
    @JsonProperty("peers") PEERS,
    /** Both. */
    @JsonProperty("all") ALL
}
