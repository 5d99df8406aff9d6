package io.kbench.client.tls;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;

/**
 * In-memory key stores from Kafka's inline PEM settings (KIP-651), for TLS providers that take key and trust managers
 * rather than Kafka's PEM strings.
 */
final class PemKeyStores {
    /** The (empty) password of the in-memory key entry: the store never leaves the JVM. */
    private static final char[] NO_PASSWORD = new char[0];

    private PemKeyStores() {
    }

    /** A store with one key entry: {@code keyPem} (unencrypted PKCS#8, EC or RSA) and its certificate chain. */
    static KeyStore keyStore(String chainPem, String keyPem) throws GeneralSecurityException {
        KeyStore store = empty();
        X509Certificate[] chain = chain(chainPem);
        store.setKeyEntry("kbench", privateKey(keyPem, chain), NO_PASSWORD, chain);
        return store;
    }

    /** The certificates of {@code chainPem}, leaf first. */
    static X509Certificate[] chain(String chainPem) throws GeneralSecurityException {
        return certificates(chainPem).toArray(new X509Certificate[0]);
    }

    /** The key of {@code keyPem} (unencrypted PKCS#8), of the leaf certificate's key algorithm. */
    static PrivateKey privateKey(String keyPem, X509Certificate[] chain) throws GeneralSecurityException {
        return privateKey(keyPem, chain[0].getPublicKey().getAlgorithm());
    }

    /** A store that trusts every certificate in {@code certificatesPem}. */
    static KeyStore trustStore(String certificatesPem) throws GeneralSecurityException {
        KeyStore store = empty();
        int i = 0;
        for (Certificate certificate : certificates(certificatesPem)) {
            store.setCertificateEntry("ca-" + i++, certificate);
        }
        return store;
    }

    private static KeyStore empty() throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException("cannot create an in-memory key store", e);
        }
        return store;
    }

    @SuppressWarnings("unchecked")
    private static Collection<X509Certificate> certificates(String pem) throws GeneralSecurityException {
        return (Collection<X509Certificate>) CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    }

    private static PrivateKey privateKey(String pem, String algorithm) throws GeneralSecurityException {
        if (pem.contains("ENCRYPTED")) {
            throw new GeneralSecurityException("ssl.keystore.key: only unencrypted PKCS#8 keys are supported here");
        }
        String base64 = pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }
}
