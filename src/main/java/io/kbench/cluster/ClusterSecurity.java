package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import java.util.List;
import org.apache.kafka.common.security.auth.SecurityProtocol;

/**
 * How an embedded cluster's client listener is secured. Only the shape: the certificates and passwords are generated
 * at each start ({@link SecurityMaterial}).
 *
 * @param protocol            the client listener's protocol
 * @param clientAuth          TLS protocols only: brokers require a client certificate (mTLS)
 * @param saslMechanism       SASL protocols only: SCRAM-SHA-512 or PLAIN
 * @param interBrokerPlaintext replication on a separate PLAINTEXT listener instead of the client protocol
 * @param tlsVersion          TLS protocols only: pin both sides to this version (null: Kafka's default)
 * @param cipherSuites        TLS protocols only: pin both sides to these JSSE suites (empty: the JDK's default)
 * @param engineFactoryClass  TLS protocols only: {@code ssl.engine.factory.class} of both sides (null: Kafka's
 *                            default, the JDK's TLS)
 * @param tlsProviderName     how {@link #describe()} names that TLS implementation (null with the default)
 * @param acls                the StandardAuthorizer and the ACLs to create; null: no authorizer
 */
public record ClusterSecurity(SecurityProtocol protocol, boolean clientAuth, String saslMechanism,
                              boolean interBrokerPlaintext, String tlsVersion, List<String> cipherSuites,
                              String engineFactoryClass, String tlsProviderName, ClusterAcls acls) {
    /** The mechanisms kbench can set up users for. */
    public static final List<String> SASL_MECHANISMS = List.of("SCRAM-SHA-512", "PLAIN");

    public ClusterSecurity {
        cipherSuites = cipherSuites == null ? List.of() : List.copyOf(cipherSuites);
        boolean tls = protocol == SecurityProtocol.SSL || protocol == SecurityProtocol.SASL_SSL;
        boolean sasl = protocol == SecurityProtocol.SASL_SSL || protocol == SecurityProtocol.SASL_PLAINTEXT;
        if (sasl != (saslMechanism != null) || (sasl && !SASL_MECHANISMS.contains(saslMechanism))) {
            throw InvalidInputException.field("security sasl mechanism", saslMechanism,
                    "a SASL protocol needs one of " + SASL_MECHANISMS + ", any other protocol none");
        }
        if (!tls && (clientAuth || tlsVersion != null || !cipherSuites.isEmpty() || engineFactoryClass != null)) {
            throw InvalidInputException.field("security", protocol,
                    "client auth, TLS version, cipher and TLS provider need TLS");
        }
        boolean identified = sasl && tls || protocol == SecurityProtocol.SSL && clientAuth;
        if (acls != null && (!identified || interBrokerPlaintext)) {
            throw InvalidInputException.field("security acls", protocol,
                    "an authorizer needs SASL_SSL or SSL with client auth, and replication on the same protocol");
        }
    }

    /** With the JDK's TLS. */
    public ClusterSecurity(SecurityProtocol protocol, boolean clientAuth, String saslMechanism,
                           boolean interBrokerPlaintext, String tlsVersion, List<String> cipherSuites) {
        this(protocol, clientAuth, saslMechanism, interBrokerPlaintext, tlsVersion, cipherSuites, null, null, null);
    }

    public static ClusterSecurity plaintext() {
        return new ClusterSecurity(SecurityProtocol.PLAINTEXT, false, null, false, null, List.of());
    }

    public boolean tls() {
        return protocol == SecurityProtocol.SSL || protocol == SecurityProtocol.SASL_SSL;
    }

    public boolean sasl() {
        return saslMechanism != null;
    }

    public boolean secured() {
        return protocol != SecurityProtocol.PLAINTEXT;
    }

    /** This security with the authorizer and {@code acls} (null: none). */
    public ClusterSecurity withAcls(ClusterAcls acls) {
        return new ClusterSecurity(protocol, clientAuth, saslMechanism, interBrokerPlaintext, tlsVersion, cipherSuites,
                engineFactoryClass, tlsProviderName, acls);
    }

    /** The principal kbench's clients have on the client listener: the SASL user or the client certificate's. */
    public String workloadPrincipal() {
        return sasl() ? "User:" + SecurityMaterial.CLIENT_USER : "User:" + TlsMaterial.CLIENT_DN;
    }

    /** Whether replication runs on its own plaintext listener (which needs a port per broker). */
    public boolean separateInterBrokerListener() {
        return secured() && interBrokerPlaintext;
    }

    /**
     * The controller listener's protocol: SSL with client certificates required (brokers and controllers present the
     * cluster's generated certificates) whenever the client listener uses TLS and replication is not explicitly
     * plaintext; PLAINTEXT otherwise. Not SASL: KRaft keeps SCRAM credentials in the metadata log, which a controller
     * must be reachable to serve, so the quorum authenticates by certificate.
     */
    public SecurityProtocol controllerProtocol() {
        return tls() && !interBrokerPlaintext ? SecurityProtocol.SSL : SecurityProtocol.PLAINTEXT;
    }

    /** The one-line description in progress output and cluster.json, e.g. {@code SASL_SSL/SCRAM-SHA-512 TLSv1.3}. */
    public String describe() {
        StringBuilder s = new StringBuilder(protocol.name);
        if (clientAuth) {
            s.append(" with client auth (mTLS)");
        }
        if (sasl()) {
            s.append('/').append(saslMechanism);
        }
        if (tlsVersion != null) {
            s.append(' ').append(tlsVersion);
        }
        if (!cipherSuites.isEmpty()) {
            s.append(' ').append(String.join(",", cipherSuites));
        }
        if (tlsProviderName != null) {
            s.append(' ').append(tlsProviderName);
        }
        if (separateInterBrokerListener()) {
            s.append(", inter-broker PLAINTEXT");
        } else if (secured()) {
            s.append(", replication ").append(protocol.name);
        }
        if (secured()) {
            s.append(", controller ").append(controllerProtocol() == SecurityProtocol.SSL ? "SSL (mTLS)" : "PLAINTEXT");
        }
        if (acls != null) {
            s.append(", ").append(acls.describe());
        }
        return s.toString();
    }
}
