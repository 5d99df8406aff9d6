package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generated certificates, parsed back with the JDK alone. */
class TlsMaterialTest {
    private final TlsMaterial tls = TlsMaterial.generate();

    @Test
    void brokerCertificateIsAnX509v3ForLoopbackSignedByTheCa() throws Exception {
        List<X509Certificate> chain = certificates(tls.brokerChainPem());
        X509Certificate ca = certificates(tls.caCertificatePem()).get(0);
        assertThat(chain).hasSize(2);
        X509Certificate broker = chain.get(0);
        assertThat(broker.getVersion()).isEqualTo(3);
        assertThat(broker.getSubjectX500Principal().getName()).isEqualTo("CN=kbench-broker");
        assertThat(broker.getSubjectAlternativeNames().stream().map(l -> String.valueOf(l.get(1))).toList())
                .containsExactlyInAnyOrder("127.0.0.1", "localhost");
        assertThat(broker.getExtendedKeyUsage()).contains("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2");
        assertThat(broker.getBasicConstraints()).isEqualTo(-1);
        broker.verify(ca.getPublicKey());
        assertThat(chain.get(1)).isEqualTo(ca);
        assertThat(ca.getBasicConstraints()).isGreaterThanOrEqualTo(0);
        ca.verify(ca.getPublicKey());
    }

    @Test
    void certificatesAreValidNowAndExpireWithinTheValidity() throws Exception {
        for (X509Certificate cert : certificates(tls.brokerChainPem() + tls.clientChainPem())) {
            cert.checkValidity();
            assertThat(cert.getNotAfter().toInstant())
                    .isBefore(Instant.now().plus(TlsMaterial.VALIDITY).plus(Duration.ofMinutes(1)))
                    .isAfter(Instant.now().plus(Duration.ofDays(7)));
        }
    }

    @Test
    void keysAreEcP256Pkcs8MatchingTheirCertificates() throws Exception {
        assertMatches(tls.brokerKeyPem(), certificates(tls.brokerChainPem()).get(0));
        assertMatches(tls.clientKeyPem(), certificates(tls.clientChainPem()).get(0));
        ECPublicKey pub = (ECPublicKey) certificates(tls.brokerChainPem()).get(0).getPublicKey();
        assertThat(pub.getParams().getCurve().getField().getFieldSize()).isEqualTo(256);
    }

    @Test
    void everyStartGetsItsOwnCaAndToStringHidesTheKeys() {
        TlsMaterial other = TlsMaterial.generate();
        assertThat(other.caCertificatePem()).isNotEqualTo(tls.caCertificatePem());
        assertThat(other.brokerKeyPem()).isNotEqualTo(tls.brokerKeyPem());
        assertThat(tls.toString()).doesNotContain("PRIVATE KEY", "CERTIFICATE");
    }

    private static void assertMatches(String keyPem, X509Certificate cert) throws Exception {
        assertThat(keyPem).startsWith("-----BEGIN PRIVATE KEY-----");
        String body = keyPem.lines().filter(l -> !l.startsWith("-----")).reduce("", String::concat);
        PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body)));
        byte[] data = "kbench".getBytes(StandardCharsets.UTF_8);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(key);
        signer.update(data);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(cert.getPublicKey());
        verifier.update(data);
        assertThat(verifier.verify(signature)).isTrue();
    }

    @SuppressWarnings("unchecked")
    private static List<X509Certificate> certificates(String pem) throws Exception {
        return (List<X509Certificate>) CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    }
}
