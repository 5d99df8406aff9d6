package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecuritySpecTest {
    private final SpecLoader loader = new SpecLoader();

    private WorkloadSpec load(String... overrides) {
        return loader.load(null, List.of(overrides));
    }

    @Test
    void absentMeansPlaintextAndStaysAbsent() {
        WorkloadSpec spec = load();
        assertThat(spec.cluster().security()).isNull();
        assertThat(spec.cluster().securityOrPlaintext().protocol()).isEqualTo(SecurityProtocolName.PLAINTEXT);
    }

    @Test
    void saslDefaultsToScramAndEveryFieldBinds() {
        SecuritySpec s = load("cluster.security.protocol=sasl-ssl", "cluster.security.clientAuth=required",
                "cluster.security.tlsVersion=TLSv1.2", "cluster.security.cipher=chacha20-poly1305",
                "cluster.security.interBroker=plaintext").cluster().security();
        assertThat(s.saslMechanism()).isEqualTo(SaslMechanism.SCRAM_SHA_512);
        assertThat(s.clientAuth()).isEqualTo(ClientAuth.REQUIRED);
        assertThat(s.interBroker()).isEqualTo(InterBroker.PLAINTEXT);
        assertThat(s.cipher().suites(s.tlsVersion())).containsExactly("TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");
        assertThat(TlsCipher.AES_128_GCM.suites(null)).containsExactly("TLS_AES_128_GCM_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256");
    }

    @Test
    void unknownValuesNameTheFieldAndTheValue() {
        assertThatThrownBy(() -> load("cluster.security.protocol=tls"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.security.protocol")
                .hasMessageContaining("'tls'").hasMessageContaining("sasl-ssl");
        assertThatThrownBy(() -> load("cluster.security.protocol=ssl", "cluster.security.tlsVersion=TLSv1.1"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.security.tlsVersion")
                .hasMessageContaining("TLSv1.1");
        assertThatThrownBy(() -> load("cluster.security.protocol=ssl", "cluster.security.cipher=rc4"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.security.cipher")
                .hasMessageContaining("aes-128-gcm");
        assertThatThrownBy(() -> load("cluster.security.keystore=x"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("keystore");
    }

    @Test
    void settingsThatDoNotFitTheProtocolAreRefused() {
        assertThatThrownBy(() -> load("cluster.security.clientAuth=required"))
                .hasMessageContaining("cluster.security.clientAuth").hasMessageContaining("plaintext");
        assertThatThrownBy(() -> load("cluster.security.protocol=sasl-plaintext", "cluster.security.clientAuth=required"))
                .hasMessageContaining("cluster.security.clientAuth");
        assertThatThrownBy(() -> load("cluster.security.protocol=ssl", "cluster.security.saslMechanism=plain"))
                .hasMessageContaining("cluster.security.saslMechanism");
        assertThatThrownBy(() -> load("cluster.security.protocol=sasl-plaintext", "cluster.security.tlsVersion=TLSv1.3"))
                .hasMessageContaining("cluster.security.tlsVersion");
        assertThatThrownBy(() -> load("cluster.security.cipher=aes-256-gcm"))
                .hasMessageContaining("cluster.security.cipher");
        assertThatThrownBy(() -> load("cluster.security.tlsProvider=conscrypt"))
                .hasMessageContaining("cluster.security.tlsProvider").hasMessageContaining("plaintext");
    }

    @Test
    void conscryptPinsACipherOnlyUnderTls12() {
        assertThatThrownBy(() -> load("cluster.security.protocol=ssl", "cluster.security.tlsProvider=conscrypt",
                "cluster.security.cipher=aes-256-gcm"))
                .hasMessageContaining("cluster.security.cipher").hasMessageContaining("TLSv1.2");
        SecuritySpec s = load("cluster.security.protocol=ssl", "cluster.security.tlsProvider=conscrypt",
                "cluster.security.cipher=aes-256-gcm", "cluster.security.tlsVersion=TLSv1.2").cluster().security();
        assertThat(s.tlsProvider()).isEqualTo(TlsProvider.CONSCRYPT);
        assertThat(load("cluster.security.protocol=ssl").cluster().security().tlsProvider()).isNull();
    }

    @Test
    void aclsAreSetByTheSetPathAndNeedIdentifiedPrincipals() {
        AclSpec acls = load("cluster.security.protocol=sasl-ssl", "cluster.security.acls.count=1000")
                .cluster().security().acls();
        assertThat(acls.count()).isEqualTo(1000);
        assertThat(acls.grantWorkload()).isTrue();
        assertThat(load("cluster.security.protocol=ssl", "cluster.security.clientAuth=required",
                "cluster.security.acls.grantWorkload=false").cluster().security().acls().grantWorkload()).isFalse();
        assertThatThrownBy(() -> load("cluster.security.protocol=ssl", "cluster.security.acls.count=1"))
                .hasMessageStartingWith("cluster.security.protocol: cluster.security.acls needs")
                .hasMessageContaining("clientAuth: required").hasMessageEndingWith("(got ssl without client certificates)");
        assertThatThrownBy(() -> load("cluster.security.protocol=sasl-plaintext", "cluster.security.acls.count=1"))
                .hasMessageContaining("cluster.security.acls").hasMessageContaining("sasl-plaintext");
        assertThatThrownBy(() -> load("cluster.security.protocol=sasl-ssl", "cluster.security.interBroker=plaintext",
                "cluster.security.acls.count=1")).hasMessageStartingWith("cluster.security.interBroker:")
                .hasMessageContaining("ANONYMOUS").hasMessageEndingWith("(got plaintext)");
        assertThatThrownBy(() -> load("cluster.security.protocol=sasl-ssl", "cluster.security.acls.count=-1"))
                .hasMessageContaining("cluster.security.acls.count").hasMessageContaining("-1");
    }
}
