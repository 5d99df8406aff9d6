package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How clients reach the embedded brokers: Kafka's security protocols, spelled lowercase with hyphens. */
public enum SecurityProtocolName {
    @JsonProperty("plaintext") PLAINTEXT,
    /** TLS; with {@code clientAuth: required} also the client's certificate (mTLS). */
    @JsonProperty("ssl") SSL,
    /** SASL authentication over TLS. */
    @JsonProperty("sasl-ssl") SASL_SSL,
    /** SASL authentication without TLS. */
    @JsonProperty("sasl-plaintext") SASL_PLAINTEXT;

    public boolean tls() {
        return this == SSL || this == SASL_SSL;
    }

    public boolean sasl() {
        return this == SASL_SSL || this == SASL_PLAINTEXT;
    }
}
