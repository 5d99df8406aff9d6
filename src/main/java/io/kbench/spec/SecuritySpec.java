package io.kbench.spec;

import io.kbench.error.InvalidInputException;

/**
 * How the embedded cluster is secured. Certificates, keys and passwords are generated for each cluster and never
 * part of the workload.
 *
 * @param protocol      the clients' listener: plaintext (default), ssl, sasl-ssl, sasl-plaintext
 * @param clientAuth    with a TLS protocol: none (default) or required (mTLS)
 * @param saslMechanism with a SASL protocol: scram-sha-512 (default) or plain
 * @param interBroker   replication on the same protocol (default) or on a separate plaintext listener
 * @param tlsVersion    pin both sides to TLSv1.2 or TLSv1.3; absent: Kafka's default (both enabled, 1.3 preferred)
 * @param cipher        pin both sides to one bulk cipher; absent: the JDK's default order
 * @param tlsProvider   the TLS implementation of brokers and clients: jdk or conscrypt; absent: jdk
 * @param acls          KRaft's StandardAuthorizer and a number of ACLs; absent: no authorizer (everyone may do anything)
 */
public record SecuritySpec(SecurityProtocolName protocol, ClientAuth clientAuth, SaslMechanism saslMechanism,
                           InterBroker interBroker, TlsVersion tlsVersion, TlsCipher cipher, TlsProvider tlsProvider,
                           AclSpec acls) {
    public SecuritySpec {
        protocol = protocol == null ? SecurityProtocolName.PLAINTEXT : protocol;
        clientAuth = clientAuth == null ? ClientAuth.NONE : clientAuth;
        interBroker = interBroker == null ? InterBroker.SAME : interBroker;
        if (clientAuth == ClientAuth.REQUIRED && !protocol.tls()) {
            throw InvalidInputException.field("cluster.security.clientAuth", "required",
                    "needs a TLS protocol (ssl or sasl-ssl), not " + json(protocol));
        }
        if (saslMechanism != null && !protocol.sasl()) {
            throw InvalidInputException.field("cluster.security.saslMechanism", saslMechanism.kafkaName(),
                    "needs a SASL protocol (sasl-ssl or sasl-plaintext), not " + json(protocol));
        }
        saslMechanism = saslMechanism == null && protocol.sasl() ? SaslMechanism.SCRAM_SHA_512 : saslMechanism;
        if (tlsVersion != null && !protocol.tls()) {
            throw InvalidInputException.field("cluster.security.tlsVersion", tlsVersion,
                    "needs a TLS protocol (ssl or sasl-ssl), not " + json(protocol));
        }
        if (cipher != null && !protocol.tls()) {
            throw InvalidInputException.field("cluster.security.cipher", json(cipher),
                    "needs a TLS protocol (ssl or sasl-ssl), not " + json(protocol));
        }
        if (tlsProvider == TlsProvider.CONSCRYPT && !protocol.tls()) {
            throw InvalidInputException.field("cluster.security.tlsProvider", json(tlsProvider),
                    "needs a TLS protocol (ssl or sasl-ssl), not " + json(protocol));
        }
        if (tlsProvider == TlsProvider.CONSCRYPT && cipher != null && tlsVersion != TlsVersion.TLS_1_2) {
            // BoringSSL offers no way to choose TLS 1.3 suites, so a pinned cipher would not hold under TLS 1.3.
            throw InvalidInputException.field("cluster.security.cipher", json(cipher),
                    "with tlsProvider conscrypt needs tlsVersion TLSv1.2 (BoringSSL cannot pin TLS 1.3 suites)");
        }
        if (acls != null) {
            checkAcls(protocol, clientAuth, interBroker);
        }
    }

    /**
     * An authorizer needs every principal to be a real identity: SASL users, or certificates on both sides. A
     * plaintext listener (clients, controllers or replication) has the principal ANONYMOUS, which would have to be a
     * super user for the cluster to work, and then anyone reaching that port would be one.
     */
    private static void checkAcls(SecurityProtocolName protocol, ClientAuth clientAuth, InterBroker interBroker) {
        boolean identified = protocol == SecurityProtocolName.SASL_SSL
                || protocol == SecurityProtocolName.SSL && clientAuth == ClientAuth.REQUIRED;
        if (!identified) {
            throw InvalidInputException.field("cluster.security.protocol", json(protocol)
                            + (protocol == SecurityProtocolName.SSL ? " without client certificates" : ""),
                    "cluster.security.acls needs sasl-ssl, or ssl with clientAuth: required");
        }
        if (interBroker == InterBroker.PLAINTEXT) {
            throw InvalidInputException.field("cluster.security.interBroker", "plaintext",
                    "cluster.security.acls needs interBroker: same (a plaintext replication listener's principal is"
                            + " ANONYMOUS)");
        }
    }

    public static SecuritySpec plaintext() {
        return new SecuritySpec(null, null, null, null, null, null, null, null);
    }

    private static String json(Enum<?> value) {
        return value.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
