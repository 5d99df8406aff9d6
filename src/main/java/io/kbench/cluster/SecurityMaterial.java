package io.kbench.cluster;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secrets of one cluster start: certificates and keys (TLS protocols), and the SASL users' passwords (SASL
 * protocols). Generated in memory; they reach the brokers through their server.properties (owner-only file in the
 * cluster directory) and the clients through the properties kbench hands them, never result.json or a log.
 *
 * @param tls            null without TLS
 * @param brokerPassword password of {@link #BROKER_USER}, the brokers' own SASL user; null without SASL
 * @param clientPassword password of {@link #CLIENT_USER}, the user kbench's clients log in as; null without SASL
 */
record SecurityMaterial(TlsMaterial tls, String brokerPassword, String clientPassword) {
    static final String BROKER_USER = "kbench-broker";
    static final String CLIENT_USER = "kbench";

    private static final SecureRandom RANDOM = new SecureRandom();

    static SecurityMaterial generate(ClusterSecurity security) {
        return new SecurityMaterial(security.tls() ? TlsMaterial.generate() : null,
                security.sasl() ? password() : null, security.sasl() ? password() : null);
    }

    /** Hex only: the value goes into a JAAS config and a kafka-storage --add-scram argument unquoted. */
    private static String password() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    @Override
    public String toString() {
        return "SecurityMaterial[secrets hidden]";
    }
}
