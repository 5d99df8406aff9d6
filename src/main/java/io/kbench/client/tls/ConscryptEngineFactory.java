package io.kbench.client.tls;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Provider;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.auth.SslEngineFactory;
import org.conscrypt.Conscrypt;

/**
 * Kafka's TLS engines from Conscrypt (BoringSSL) instead of the JDK's SunJSSE, plugged in through
 * {@code ssl.engine.factory.class} (KIP-519) on brokers and clients alike. Reads the same inline PEM settings kbench
 * gives the default factory. The trust manager is Conscrypt's own (with the JDK's, Conscrypt fails handshakes, google/conscrypt#733),
 * the key manager a one-key {@link SingleKeyManager}: with the JDK's SunX509 manager Conscrypt finds no certificate
 * to present and BoringSSL fails the handshake with NO_CERTIFICATE_SET.
 */
public final class ConscryptEngineFactory implements SslEngineFactory {
    private static final String TLS13_PREFIX = "TLS_AES_";
    private static final String TLS13_CHACHA = "TLS_CHACHA20_";

    private SSLContext context;
    private KeyStore keyStore;
    private KeyStore trustStore;
    private List<String> protocols;
    private List<String> cipherSuites;
    private String clientAuth;

    /** Why Conscrypt's native library cannot load on this platform and JDK (null: it can). */
    public static String unavailableReason() {
        try {
            Conscrypt.checkAvailability();
            return null;
        } catch (Throwable t) {
            return String.valueOf(t.getMessage());
        }
    }

    @Override
    public void configure(Map<String, ?> configs) {
        try {
            Provider provider = Conscrypt.newProvider();
            String chain = text(configs.get("ssl.keystore.certificate.chain"));
            String key = text(configs.get("ssl.keystore.key"));
            KeyManager[] keyManagers = null;
            if (chain != null && key != null) {
                keyStore = PemKeyStores.keyStore(chain, key);
                X509Certificate[] certificates = PemKeyStores.chain(chain);
                keyManagers = new KeyManager[] {
                    new SingleKeyManager(PemKeyStores.privateKey(key, certificates), certificates)};
            }
            String trusted = text(configs.get("ssl.truststore.certificates"));
            if (trusted == null) {
                throw new KafkaException("ssl.truststore.certificates is required with " + getClass().getSimpleName());
            }
            trustStore = PemKeyStores.trustStore(trusted);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX", provider);
            tmf.init(trustStore);
            context = SSLContext.getInstance("TLS", provider);
            context.init(keyManagers, tmf.getTrustManagers(), null);
        } catch (GeneralSecurityException e) {
            throw new KafkaException("Conscrypt TLS context: " + e.getMessage(), e);
        }
        protocols = list(configs.get("ssl.enabled.protocols"));
        cipherSuites = list(configs.get("ssl.cipher.suites"));
        Object auth = configs.get("ssl.client.auth");
        clientAuth = auth == null ? "none" : auth.toString();
    }

    @Override
    public SSLEngine createClientSslEngine(String peerHost, int peerPort, String endpointIdentification) {
        SSLEngine engine = engine(peerHost, peerPort);
        engine.setUseClientMode(true);
        if (endpointIdentification != null && !endpointIdentification.isEmpty()) {
            SSLParameters parameters = engine.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm(endpointIdentification);
            engine.setSSLParameters(parameters);
        }
        return engine;
    }

    @Override
    public SSLEngine createServerSslEngine(String peerHost, int peerPort) {
        SSLEngine engine = engine(peerHost, peerPort);
        engine.setUseClientMode(false);
        if (clientAuth.equalsIgnoreCase("required")) {
            engine.setNeedClientAuth(true);
        } else if (clientAuth.equalsIgnoreCase("requested")) {
            engine.setWantClientAuth(true);
        }
        return engine;
    }

    private SSLEngine engine(String peerHost, int peerPort) {
        SSLEngine engine = context.createSSLEngine(peerHost, peerPort);
        if (!protocols.isEmpty()) {
            engine.setEnabledProtocols(protocols.toArray(new String[0]));
        }
        List<String> tls12 = tls12Suites();
        if (!tls12.isEmpty()) {
            // BoringSSL's TLS 1.3 suites cannot be chosen; passing only them leaves an empty list (NO_CERTIFICATE_SET).
            engine.setEnabledCipherSuites(tls12.toArray(new String[0]));
        }
        return new ConscryptEngine(engine);
    }

    private List<String> tls12Suites() {
        List<String> suites = new ArrayList<>();
        for (String suite : cipherSuites) {
            if (!suite.startsWith(TLS13_PREFIX) && !suite.startsWith(TLS13_CHACHA)) {
                suites.add(suite);
            }
        }
        return suites;
    }

    @Override
    public boolean shouldBeRebuilt(Map<String, Object> nextConfigs) {
        return false;
    }

    @Override
    public Set<String> reconfigurableConfigs() {
        return Set.of();
    }

    @Override
    public KeyStore keystore() {
        return keyStore;
    }

    @Override
    public KeyStore truststore() {
        return trustStore;
    }

    @Override
    public void close() {
        context = null;
    }

    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        return value instanceof Password p ? p.value() : value.toString();
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object value) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> l) {
            return (List<String>) l;
        }
        return List.of(value.toString().split("\\s*,\\s*"));
    }
}
