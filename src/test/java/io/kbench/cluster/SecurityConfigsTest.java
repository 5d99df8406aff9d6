package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.junit.jupiter.api.Test;

class SecurityConfigsTest {
    private static final List<BrokerNode> NODES = BrokerNode.layout(2, List.of(9001, 9002, 9005, 9003, 9004, 9006));

    @Test
    void sslClusterListensOnSslAndReplicatesOverIt() {
        ClusterSecurity ssl = new ClusterSecurity(SecurityProtocol.SSL, true, null, false, "TLSv1.2",
                List.of("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"));
        Map<String, String> props = BrokerConfigs.forNode(NODES.get(0), NODES, Path.of("/d"), Map.of(), ssl,
                SecurityMaterial.generate(ssl), 0);
        assertThat(props).containsEntry("listeners", "SSL://127.0.0.1:9001,CONTROLLER://127.0.0.1:9002")
                .containsEntry("advertised.listeners", "SSL://127.0.0.1:9001")
                // Failed before the fix (CONTROLLER:PLAINTEXT): the quorum is on mutual TLS like the client listener.
                .containsEntry("listener.security.protocol.map", "SSL:SSL,CONTROLLER:SSL")
                .containsEntry("listener.name.controller.ssl.client.auth", "required")
                .containsEntry("inter.broker.listener.name", "SSL")
                .containsEntry("ssl.keystore.type", "PEM")
                .containsEntry("ssl.client.auth", "required")
                .containsEntry("ssl.enabled.protocols", "TLSv1.2")
                .containsEntry("ssl.cipher.suites", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
        assertThat(props.get("ssl.keystore.key")).startsWith("-----BEGIN PRIVATE KEY-----");
        Map<String, String> effective = BrokerConfigs.effective(props);
        assertThat(effective).containsEntry("ssl.keystore.key", SecurityConfigs.GENERATED)
                .containsEntry("ssl.keystore.certificate.chain", SecurityConfigs.GENERATED);
        assertThat(effective.values()).noneMatch(v -> v.contains("PRIVATE KEY"));
    }

    @Test
    void aPluggedTlsImplementationIsSetOnBrokersAndClients() {
        ClusterSecurity ssl = new ClusterSecurity(SecurityProtocol.SSL, false, null, false, null, List.of(),
                "x.ConscryptEngineFactory", "Conscrypt", null);
        SecurityMaterial material = SecurityMaterial.generate(ssl);
        assertThat(SecurityConfigs.broker(ssl, material)).containsEntry("ssl.engine.factory.class", "x.ConscryptEngineFactory");
        assertThat(SecurityConfigs.client(ssl, material)).containsEntry("ssl.engine.factory.class", "x.ConscryptEngineFactory");
        assertThat(ssl.describe()).isEqualTo("SSL Conscrypt, replication SSL, controller SSL (mTLS)");
    }

    @Test
    void saslWithPlaintextReplicationUsesAThirdPort() {
        ClusterSecurity sasl = new ClusterSecurity(SecurityProtocol.SASL_SSL, false, "SCRAM-SHA-512", true, null, null);
        SecurityMaterial material = SecurityMaterial.generate(sasl);
        Map<String, String> props = BrokerConfigs.forNode(NODES.get(1), NODES, Path.of("/d"), Map.of(), sasl,
                material, 9010);
        assertThat(props.get("listeners")).startsWith("SASL_SSL://127.0.0.1:9003,REPLICATION://127.0.0.1:9010");
        assertThat(sasl.describe()).isEqualTo("SASL_SSL/SCRAM-SHA-512, inter-broker PLAINTEXT, controller PLAINTEXT");
        assertThat(props).containsEntry("inter.broker.listener.name", "REPLICATION")
                .containsEntry("listener.security.protocol.map", "SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT,REPLICATION:PLAINTEXT")
                .containsEntry("sasl.enabled.mechanisms", "SCRAM-SHA-512");
        assertThat(props.get("listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config"))
                .contains("ScramLoginModule", material.brokerPassword());
        assertThat(SecurityConfigs.scramUsers(sasl, material)).contains("name=kbench-broker", "name=kbench,",
                material.clientPassword());
        assertThat(BrokerConfigs.effective(props).toString()).doesNotContain(material.brokerPassword());
        Map<String, String> client = SecurityConfigs.client(sasl, material);
        assertThat(client).containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .doesNotContainKey("ssl.keystore.key");
        assertThat(client.get("sasl.jaas.config")).contains("username=\"kbench\"", material.clientPassword());
        assertThat(material.toString()).doesNotContain(material.clientPassword());
    }

    @Test
    void plainKeepsItsUsersInTheBrokersJaasConfig() {
        ClusterSecurity plain = new ClusterSecurity(SecurityProtocol.SASL_PLAINTEXT, false, "PLAIN", false, null, null);
        SecurityMaterial material = SecurityMaterial.generate(plain);
        assertThat(material.tls()).isNull();
        assertThat(SecurityConfigs.broker(plain, material).get("listener.name.sasl_plaintext.plain.sasl.jaas.config"))
                .contains("user_kbench=\"" + material.clientPassword() + "\"");
        assertThat(SecurityConfigs.scramUsers(plain, material)).isNull();
    }

    @Test
    void plaintextIsUnchanged() {
        assertThat(BrokerConfigs.forNode(NODES.get(0), NODES, Path.of("/d"), Map.of()))
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:9001,CONTROLLER://127.0.0.1:9002")
                .containsEntry("inter.broker.listener.name", "PLAINTEXT")
                .doesNotContainKey("ssl.keystore.type");
        assertThat(SecurityConfigs.client(ClusterSecurity.plaintext(), null)).isEmpty();
    }

    @Test
    void inconsistentShapesAreRefused() {
        assertThatThrownBy(() -> new ClusterSecurity(SecurityProtocol.SASL_SSL, false, null, false, null, null))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new ClusterSecurity(SecurityProtocol.SASL_PLAINTEXT, false, "PLAIN", false, "TLSv1.3", null))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void anAuthorizerMakesTheNodesAndKbenchsAdminSuperUsersButNotTheWorkload() {
        ClusterSecurity sasl = new ClusterSecurity(SecurityProtocol.SASL_SSL, false, "SCRAM-SHA-512", false, null, null)
                .withAcls(new ClusterAcls(1000, true));
        SecurityMaterial material = SecurityMaterial.generate(sasl);
        assertThat(SecurityConfigs.broker(sasl, material))
                .containsEntry("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .containsEntry("super.users", "User:kbench-broker;User:CN=kbench-broker");
        // kbench creates the ACLs as the brokers' principal, and its workload runs as its own user.
        assertThat(SecurityConfigs.admin(sasl, material).get("sasl.jaas.config")).contains("username=\"kbench-broker\"");
        assertThat(SecurityConfigs.client(sasl, material).get("sasl.jaas.config")).contains("username=\"kbench\"");
        assertThat(sasl.workloadPrincipal()).isEqualTo("User:kbench");
        assertThat(sasl.describe()).endsWith(", StandardAuthorizer with 1000 other ACL(s) + the workload's");
        assertThat(AclSetup.bindings(sasl)).hasSize(sasl.acls().total()).hasSize(1014)
                .filteredOn(b -> b.entry().principal().equals("User:kbench")).hasSize(ClusterAcls.WORKLOAD_GRANTS);
        ClusterSecurity denied = sasl.withAcls(new ClusterAcls(3, false));
        assertThat(AclSetup.bindings(denied)).hasSize(3).noneMatch(b -> b.entry().principal().equals("User:kbench"));
    }

    @Test
    void anAuthorizerOnMutualTlsUsesTheCertificatesPrincipals() {
        ClusterSecurity mtls = new ClusterSecurity(SecurityProtocol.SSL, true, null, false, null, null)
                .withAcls(new ClusterAcls(0, true));
        SecurityMaterial material = SecurityMaterial.generate(mtls);
        assertThat(SecurityConfigs.broker(mtls, material)).containsEntry("super.users", "User:CN=kbench-broker");
        assertThat(SecurityConfigs.admin(mtls, material).get("ssl.keystore.certificate.chain"))
                .isEqualTo(material.tls().brokerChainPem());
        assertThat(mtls.workloadPrincipal()).isEqualTo("User:CN=kbench-client");
        assertThat(SecurityConfigs.broker(ClusterSecurity.plaintext(), null)).doesNotContainKey("authorizer.class.name");
    }

    @Test
    void anAuthorizerNeedsEveryPrincipalIdentified() {
        ClusterSecurity ssl = new ClusterSecurity(SecurityProtocol.SSL, false, null, false, null, null);
        assertThatThrownBy(() -> ssl.withAcls(new ClusterAcls(0, true))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("an authorizer needs SASL_SSL or SSL with client auth");
        ClusterSecurity plainReplication = new ClusterSecurity(SecurityProtocol.SASL_SSL, false, "PLAIN", true, null, null);
        assertThatThrownBy(() -> plainReplication.withAcls(new ClusterAcls(0, true)))
                .isInstanceOf(InvalidInputException.class);
    }
}
