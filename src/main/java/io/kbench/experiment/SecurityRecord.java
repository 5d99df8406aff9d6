package io.kbench.experiment;

import io.kbench.client.TlsHandshake;
import io.kbench.cluster.ClusterAcls;
import io.kbench.cluster.ClusterSecurity;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.result.SecurityInfo;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.security.auth.SecurityProtocol;

/**
 * What result.json records about the connection's security: the clients' settings (for an embedded cluster, also how
 * kbench set it up) and, with TLS, a real handshake made with those settings.
 */
final class SecurityRecord {
    private SecurityRecord() {
    }

    /** {@code conn}: the clients' full connection properties; {@code embedded}: null for an external cluster. */
    static SecurityInfo of(EmbeddedCluster embedded, Map<String, String> conn) {
        SecurityProtocol protocol = protocol(conn);
        boolean tls = protocol == SecurityProtocol.SSL || protocol == SecurityProtocol.SASL_SSL;
        boolean sasl = protocol == SecurityProtocol.SASL_SSL || protocol == SecurityProtocol.SASL_PLAINTEXT;
        ClusterSecurity setup = embedded == null ? null : embedded.security();
        String interBroker = setup == null || !setup.secured() ? null
                : setup.separateInterBrokerListener() ? "plaintext" : "same";
        String certificates = setup != null && setup.tls() ? EmbeddedCluster.TLS_CERTIFICATES : null;
        Boolean clientAuth = tls ? conn.containsKey("ssl.keystore.location")
                || conn.containsKey("ssl.keystore.certificate.chain") : null;
        String mechanism = sasl ? conn.getOrDefault(SaslConfigs.SASL_MECHANISM, SaslConfigs.DEFAULT_SASL_MECHANISM) : null;
        ClusterAcls acls = setup == null ? null : setup.acls();
        String authorizer = acls == null ? null : "StandardAuthorizer";
        Integer aclCount = acls == null ? null : acls.total();
        if (!tls) {
            return new SecurityInfo(protocol.name, clientAuth, mechanism, interBroker, certificates, null, null, null,
                    null, authorizer, aclCount);
        }
        try {
            TlsHandshake.Negotiated n = TlsHandshake.probe(conn);
            return new SecurityInfo(protocol.name, clientAuth, mechanism, interBroker, certificates, n.protocol(),
                    n.cipherSuite(), n.provider(), null, authorizer, aclCount);
        } catch (IOException | RuntimeException e) {
            return new SecurityInfo(protocol.name, clientAuth, mechanism, interBroker, certificates, null, null, null,
                    firstLine(String.valueOf(e.getMessage())), authorizer, aclCount);
        }
    }

    private static SecurityProtocol protocol(Map<String, String> conn) {
        String name = conn.getOrDefault(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "PLAINTEXT");
        try {
            return SecurityProtocol.forName(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return SecurityProtocol.PLAINTEXT;
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
