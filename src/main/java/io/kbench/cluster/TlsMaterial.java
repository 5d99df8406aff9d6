package io.kbench.cluster;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway CA and the broker and client certificates it signs, made in memory for one cluster start and handed to
 * Kafka as inline PEM (KIP-651), so there is no keystore file and no keytool. EC P-256 keys, SHA256withECDSA, X.509 v3;
 * the broker certificate names 127.0.0.1 and localhost in subjectAltName, which is what Kafka's default hostname
 * verification (https) checks on the client side and between brokers.
 *
 * @param caCertificatePem     the CA certificate (public; the truststore of both sides)
 * @param brokerChainPem       broker certificate followed by the CA certificate
 * @param brokerKeyPem         the broker's private key, unencrypted PKCS#8 (secret)
 * @param clientChainPem       client certificate followed by the CA certificate (used with mTLS)
 * @param clientKeyPem         the client's private key, unencrypted PKCS#8 (secret)
 */
public record TlsMaterial(String caCertificatePem, String brokerChainPem, String brokerKeyPem, String clientChainPem,
                          String clientKeyPem) {
    /** Long enough for a long-lived cluster of a benchmark campaign; it is regenerated at every start anyway. */
    static final Duration VALIDITY = Duration.ofDays(30);
    static final String KEY_DESCRIPTION = "EC P-256, SHA256withECDSA";
    /** The certificates' subjects: Kafka's default principal for a certificate is {@code User:} and its subject. */
    static final String BROKER_DN = "CN=kbench-broker";
    static final String CLIENT_DN = "CN=kbench-client";

    private static final String SIGNATURE = "SHA256withECDSA";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A fresh CA with a broker and a client certificate. */
    public static TlsMaterial generate() {
        try {
            Instant now = Instant.now();
            KeyPair caKeys = keyPair();
            X500Name caName = new X500Name("CN=kbench throwaway CA " + now.toEpochMilli());
            X509Certificate ca = sign(caName, caKeys, caName, caKeys, now, true, null);
            KeyPair brokerKeys = keyPair();
            X509Certificate broker = sign(new X500Name(BROKER_DN), brokerKeys, caName, caKeys, now, false,
                    new GeneralNames(new GeneralName[] {
                        new GeneralName(GeneralName.iPAddress, BrokerConfigs.HOST),
                        new GeneralName(GeneralName.dNSName, "localhost")}));
            KeyPair clientKeys = keyPair();
            X509Certificate client = sign(new X500Name(CLIENT_DN), clientKeys, caName, caKeys, now, false,
                    null);
            String caPem = pem(ca);
            return new TlsMaterial(caPem, pem(broker) + caPem, pkcs8(brokerKeys.getPrivate()), pem(client) + caPem,
                    pkcs8(clientKeys.getPrivate()));
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("cannot generate the cluster's TLS certificates: " + e.getMessage(), e);
        }
    }

    /** Never prints the keys: this record is passed around, and a stray log line must not leak them. */
    @Override
    public String toString() {
        return "TlsMaterial[" + KEY_DESCRIPTION + ", keys hidden]";
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(X500Name subject, KeyPair subjectKeys, X500Name issuer, KeyPair issuerKeys,
                                        Instant now, boolean ca, GeneralNames altNames)
            throws GeneralSecurityException, OperatorCreationException, CertIOException {
        // Back-dated a little so that a broker whose clock is a second behind still accepts the certificate.
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(127, RANDOM),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), subject,
                subjectKeys.getPublic());
        JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        builder.addExtension(Extension.subjectKeyIdentifier, false,
                extensions.createSubjectKeyIdentifier(subjectKeys.getPublic()));
        if (ca) {
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                    extensions.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            // Brokers are servers to clients and clients to each other (replication over TLS with mTLS).
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(
                    new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
        }
        if (altNames != null) {
            builder.addExtension(Extension.subjectAlternativeName, false, altNames);
        }
        ContentSigner signer = new JcaContentSignerBuilder(SIGNATURE).build(issuerKeys.getPrivate());
        return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
    }

    private static String pem(Object object) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }

    /** PKCS#8 ("BEGIN PRIVATE KEY"), the unencrypted key format Kafka's PEM keystore reads. */
    private static String pkcs8(PrivateKey key) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(new JcaPKCS8Generator(key, null));
        }
        return out.toString();
    }
}
