package io.kbench.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.security.ssl.DefaultSslEngineFactory;
import org.apache.kafka.common.utils.Utils;

/**
 * One TLS handshake with the first bootstrap server, made with the clients' own ssl.* settings through Kafka's own
 * engine factory (same trust material, key, protocols, cipher suites and hostname verification as the producers and
 * consumers), to record what the connection actually negotiated.
 */
public final class TlsHandshake {
    private static final int TIMEOUT_MILLIS = 8_000;

    /**
     * What was negotiated.
     *
     * @param protocol    e.g. TLSv1.3
     * @param cipherSuite e.g. TLS_AES_128_GCM_SHA256
     * @param provider    the JSSE provider of the TLS context
     */
    public record Negotiated(String protocol, String cipherSuite, String provider) {
    }

    private TlsHandshake() {
    }

    /** Handshakes with the first address of {@code bootstrap.servers}; throws IOException with the reason on failure. */
    public static Negotiated probe(Map<String, String> clientProperties) throws IOException {
        String first = clientProperties.get("bootstrap.servers").split(",")[0].strip();
        String host = Utils.getHost(first);
        int port = Utils.getPort(first);
        Map<String, Object> ssl = new HashMap<>(new ConfigDef().withClientSslSupport().parse(sslOnly(clientProperties)));
        DefaultSslEngineFactory factory = new DefaultSslEngineFactory();
        try {
            factory.configure(ssl);
            SSLContext context = factory.sslContext();
            var parameters = factory.createClientSslEngine(host, port,
                    (String) ssl.get("ssl.endpoint.identification.algorithm")).getSSLParameters();
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
                socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
                socket.setSoTimeout(TIMEOUT_MILLIS);
                socket.setSSLParameters(parameters);
                socket.startHandshake();
                SSLSession session = socket.getSession();
                return new Negotiated(session.getProtocol(), session.getCipherSuite(), context.getProvider().getName());
            }
        } catch (KafkaException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            factory.close();
        }
    }

    /** Kafka's SSL ConfigDef refuses nothing it does not know, but parse() only reads its own keys. */
    private static Map<String, String> sslOnly(Map<String, String> props) {
        Map<String, String> ssl = new HashMap<>();
        props.forEach((k, v) -> {
            if (k.startsWith("ssl.")) {
                ssl.put(k, v);
            }
        });
        return ssl;
    }
}
