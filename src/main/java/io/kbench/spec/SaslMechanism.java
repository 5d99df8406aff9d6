package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The SASL mechanisms an embedded cluster can be started with. */
public enum SaslMechanism {
    @JsonProperty("scram-sha-512") SCRAM_SHA_512("SCRAM-SHA-512"),
    @JsonProperty("plain") PLAIN("PLAIN");

    private final String kafkaName;

    SaslMechanism(String kafkaName) {
        this.kafkaName = kafkaName;
    }

    /** The name Kafka uses in {@code sasl.mechanism}. */
    public String kafkaName() {
        return kafkaName;
    }
}
