package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The TLS versions a secured embedded cluster can be pinned to (both sides: ssl.protocol, ssl.enabled.protocols). */
public enum TlsVersion {
    @JsonProperty("TLSv1.2") TLS_1_2("TLSv1.2"),
    @JsonProperty("TLSv1.3") TLS_1_3("TLSv1.3");

    private final String jdkName;

    TlsVersion(String jdkName) {
        this.jdkName = jdkName;
    }

    /** The JSSE protocol name, as Kafka's ssl.* settings take it. */
    public String jdkName() {
        return jdkName;
    }

    /** The JSON spelling, so that an error listing the allowed values shows what to write. */
    @Override
    public String toString() {
        return jdkName;
    }
}
