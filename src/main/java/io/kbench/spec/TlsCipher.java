package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * The bulk ciphers worth comparing, named independently of the TLS version: each maps to the TLS 1.3 suite and to the
 * TLS 1.2 ECDHE-ECDSA suite (the embedded cluster's certificates are EC keys) with that cipher.
 */
public enum TlsCipher {
    @JsonProperty("aes-128-gcm") AES_128_GCM("TLS_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"),
    @JsonProperty("aes-256-gcm") AES_256_GCM("TLS_AES_256_GCM_SHA384", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
    @JsonProperty("chacha20-poly1305") CHACHA20_POLY1305("TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");

    private final String tls13Suite;
    private final String tls12Suite;

    TlsCipher(String tls13Suite, String tls12Suite) {
        this.tls13Suite = tls13Suite;
        this.tls12Suite = tls12Suite;
    }

    /** The JSSE cipher suite names for {@code version}; both versions' suites when it is null. */
    public List<String> suites(TlsVersion version) {
        List<String> suites = new ArrayList<>(2);
        if (version != TlsVersion.TLS_1_2) {
            suites.add(tls13Suite);
        }
        if (version != TlsVersion.TLS_1_3) {
            suites.add(tls12Suite);
        }
        return List.copyOf(suites);
    }
}
