package io.kbench.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLSession;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.security.auth.SslEngineFactory;
import org.apache.kafka.common.security.ssl.DefaultSslEngineFactory;
import org.apache.kafka.common.utils.Utils;

/**
 * One TLS handshake with the first bootstrap server, made with an engine from the clients' own engine factory (Kafka's
 * default, or their {@code ssl.engine.factory.class}) and ssl.* settings (same trust material, key, protocols, cipher
 * suites and hostname verification as the producers and consumers), to record what the connection actually
 * negotiated and which TLS implementation did it.
 */
public final class TlsHandshake {
    private static final int TIMEOUT_MILLIS = 8_000;

    /**
     * What was negotiated.
     *
     * @param protocol    e.g. TLSv1.3
     * @param cipherSuite e.g. TLS_AES_128_GCM_SHA256
     * @param provider    the TLS implementation the handshaking engine belongs to: SunJSSE, Conscrypt, or its class
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
        SslEngineFactory factory = factory(ssl);
        try {
            factory.configure(ssl);
            SSLEngine engine = factory.createClientSslEngine(host, port,
                    (String) ssl.get(SslConfigs.SSL_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
                socket.setSoTimeout(TIMEOUT_MILLIS);
                handshake(engine, socket.getInputStream(), socket.getOutputStream());
                SSLSession session = engine.getSession();
                return new Negotiated(session.getProtocol(), session.getCipherSuite(), provider(engine));
            } catch (SocketTimeoutException e) {
                throw new IOException("no TLS answer within " + TIMEOUT_MILLIS / 1000 + " s", e);
            }
        } catch (KafkaException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            factory.close();
        }
    }

    /** The TLS implementation an engine belongs to, named from its class so it cannot differ from what ran. */
    static String provider(SSLEngine engine) {
        String name = engine.getClass().getName();
        if (name.startsWith("sun.security.ssl.")) {
            return "SunJSSE";
        }
        // kbench's ConscryptEngine wraps only Conscrypt's engines (it refuses any other).
        return name.startsWith("org.conscrypt.") || name.equals("io.kbench.client.tls.ConscryptEngine") ? "Conscrypt" : name;
    }

    private static SslEngineFactory factory(Map<String, Object> ssl) {
        Object plugged = ssl.get(SslConfigs.SSL_ENGINE_FACTORY_CLASS_CONFIG);
        if (plugged == null) {
            return new DefaultSslEngineFactory();
        }
        return Utils.newInstance((Class<?>) plugged, SslEngineFactory.class);
    }

    /** Drives the engine's handshake over a blocking socket (reads time out through the socket's SO_TIMEOUT). */
    private static void handshake(SSLEngine engine, InputStream in, OutputStream out) throws IOException {
        int packet = engine.getSession().getPacketBufferSize();
        ByteBuffer netIn = ByteBuffer.allocate(packet);
        ByteBuffer netOut = ByteBuffer.allocate(packet);
        ByteBuffer app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
        ByteBuffer empty = ByteBuffer.allocate(0);
        engine.beginHandshake();
        long deadline = System.nanoTime() + TIMEOUT_MILLIS * 1_000_000L;
        HandshakeStatus status = engine.getHandshakeStatus();
        while (status != HandshakeStatus.FINISHED && status != HandshakeStatus.NOT_HANDSHAKING) {
            if (System.nanoTime() > deadline) {
                throw new IOException("TLS handshake not finished within " + TIMEOUT_MILLIS / 1000 + " s");
            }
            switch (status) {
                case NEED_TASK -> {
                    Runnable task;
                    while ((task = engine.getDelegatedTask()) != null) {
                        task.run();
                    }
                    status = engine.getHandshakeStatus();
                }
                case NEED_WRAP -> {
                    netOut.clear();
                    SSLEngineResult r = engine.wrap(empty, netOut);
                    out.write(netOut.array(), 0, netOut.position());
                    out.flush();
                    status = checked(r);
                }
                default -> { // NEED_UNWRAP, NEED_UNWRAP_AGAIN
                    netIn.flip();
                    SSLEngineResult r = engine.unwrap(netIn, app);
                    netIn.compact();
                    app.clear();
                    if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW
                            || (r.bytesConsumed() == 0 && r.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP)) {
                        read(in, netIn);
                    }
                    status = checked(r);
                }
            }
        }
    }

    private static HandshakeStatus checked(SSLEngineResult r) throws IOException {
        if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new IOException("the server closed the TLS connection during the handshake");
        }
        return r.getHandshakeStatus();
    }

    private static void read(InputStream in, ByteBuffer into) throws IOException {
        int n = in.read(into.array(), into.position(), into.remaining());
        if (n < 0) {
            throw new EOFException("the server closed the connection during the TLS handshake");
        }
        into.position(into.position() + n);
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
