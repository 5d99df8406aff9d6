package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What replication between brokers runs on: the clients' protocol, or a separate plaintext listener. */
public enum InterBroker {
    @JsonProperty("same") SAME,
    @JsonProperty("plaintext") PLAINTEXT
}
