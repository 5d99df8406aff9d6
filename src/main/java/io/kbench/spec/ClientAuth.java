package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Whether TLS brokers require a client certificate ({@code ssl.client.auth}). */
public enum ClientAuth {
    @JsonProperty("none") NONE,
    /** Mutual TLS: the client presents a certificate signed by the cluster's CA. */
    @JsonProperty("required") REQUIRED
}
