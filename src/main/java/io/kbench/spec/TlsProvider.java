package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which TLS implementation brokers and clients use: the JDK's (SunJSSE) or Conscrypt (BoringSSL, through JNI). */
public enum TlsProvider {
    @JsonProperty("jdk") JDK,
    /** Plugged in through {@code ssl.engine.factory.class} (KIP-519) on brokers and clients. */
    @JsonProperty("conscrypt") CONSCRYPT
}
