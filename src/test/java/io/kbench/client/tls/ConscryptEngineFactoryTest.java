package io.kbench.client.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.kbench.cluster.TlsMaterial;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import org.apache.kafka.common.config.types.Password;
import org.junit.jupiter.api.Test;

/** In-memory handshakes between engines of the factory, with kbench's generated EC PEM material. */
class ConscryptEngineFactoryTest {
    private static final TlsMaterial TLS = TlsMaterial.generate();

    @Test
    void mutualTlsHandshakeWithPemEcKeys() throws SSLException {
        SSLEngine server = factory(serverConfigs("required", List.of())).createServerSslEngine("127.0.0.1", 9093);
        SSLEngine client = factory(clientConfigs(true, List.of())).createClientSslEngine("127.0.0.1", 9093, "https");
        handshake(client, server);
        assertThat(client.getSession().getProtocol()).isEqualTo("TLSv1.3");
        assertThat(server.getSession().getPeerCertificates()).isNotEmpty();
        assertThat(client).isInstanceOf(ConscryptEngine.class);
        assertThat(client.toString()).contains("org.conscrypt.");
    }

    /**
     * Kafka's SslTransportLayer unwraps into a buffer of getApplicationBufferSize() bytes that may still hold plaintext;
     * a full 16,384-byte record must still fit, or Kafka fails the connection ("Buffer overflow when available data
     * size (16384) >= application buffer size (16384)"), as bare Conscrypt did under load.
     */
    @Test
    void aFullRecordUnwrapsIntoAnApplicationBufferThatStillHoldsData() throws SSLException {
        SSLEngine server = factory(serverConfigs("none", List.of())).createServerSslEngine("127.0.0.1", 9093);
        SSLEngine client = factory(clientConfigs(false, List.of())).createClientSslEngine("127.0.0.1", 9093, "https");
        handshake(client, server);
        ByteBuffer record = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
        SSLEngineResult wrapped = client.wrap(ByteBuffer.allocate(16_384), record);
        assertThat(wrapped.getStatus()).isEqualTo(SSLEngineResult.Status.OK);
        assertThat(wrapped.bytesConsumed()).isEqualTo(16_384);
        record.flip();
        ByteBuffer app = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
        app.put(new byte[1000]); // plaintext from an earlier record the caller has not drained yet
        SSLEngineResult unwrapped = server.unwrap(record, app);
        assertThat(unwrapped.getStatus()).as(unwrapped.toString()).isEqualTo(SSLEngineResult.Status.OK);
        assertThat(unwrapped.bytesProduced()).isEqualTo(16_384);
    }

    /** Kafka fails a connection when an unwrap overflows into a full read buffer: the buffer must never fill up. */
    @Test
    void unwrappingWithoutDrainingNeverFillsTheReadBuffer() throws SSLException {
        SSLEngine server = factory(serverConfigs("none", List.of())).createServerSslEngine("127.0.0.1", 9093);
        SSLEngine client = factory(clientConfigs(false, List.of())).createClientSslEngine("127.0.0.1", 9093, "https");
        handshake(client, server);
        ByteBuffer records = ByteBuffer.allocate(8 * client.getSession().getPacketBufferSize());
        ByteBuffer plaintext = ByteBuffer.allocate(5 * 16_384);
        while (plaintext.hasRemaining()) {
            client.wrap(plaintext, records);
        }
        records.flip();
        ByteBuffer app = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
        SSLEngineResult last;
        do {
            last = server.unwrap(records, app);
        } while (last.getStatus() == SSLEngineResult.Status.OK && last.bytesProduced() > 0);
        assertThat(last.getStatus()).isEqualTo(SSLEngineResult.Status.BUFFER_OVERFLOW);
        assertThat(app.position()).isLessThan(app.capacity());
    }

    @Test
    void tls12SuitePinIsHonoured() throws SSLException {
        List<String> pins = List.of("TLSv1.2");
        Map<String, Object> s = serverConfigs("none", List.of("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"));
        s.put("ssl.enabled.protocols", pins);
        Map<String, Object> c = clientConfigs(false, List.of("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"));
        c.put("ssl.enabled.protocols", pins);
        SSLEngine client = factory(c).createClientSslEngine("127.0.0.1", 9093, "https");
        handshake(client, factory(s).createServerSslEngine("127.0.0.1", 9093));
        assertThat(client.getSession().getProtocol()).isEqualTo("TLSv1.2");
        assertThat(client.getSession().getCipherSuite()).isEqualTo("TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
    }

    private static ConscryptEngineFactory factory(Map<String, Object> configs) {
        ConscryptEngineFactory f = new ConscryptEngineFactory();
        f.configure(configs);
        return f;
    }

    private static Map<String, Object> serverConfigs(String clientAuth, List<String> suites) {
        Map<String, Object> c = new HashMap<>();
        c.put("ssl.keystore.certificate.chain", new Password(TLS.brokerChainPem()));
        c.put("ssl.keystore.key", new Password(TLS.brokerKeyPem()));
        c.put("ssl.truststore.certificates", new Password(TLS.caCertificatePem()));
        c.put("ssl.client.auth", clientAuth);
        c.put("ssl.cipher.suites", suites);
        return c;
    }

    private static Map<String, Object> clientConfigs(boolean withKey, List<String> suites) {
        Map<String, Object> c = new HashMap<>();
        if (withKey) {
            c.put("ssl.keystore.certificate.chain", new Password(TLS.clientChainPem()));
            c.put("ssl.keystore.key", new Password(TLS.clientKeyPem()));
        }
        c.put("ssl.truststore.certificates", new Password(TLS.caCertificatePem()));
        c.put("ssl.cipher.suites", suites);
        return c;
    }

    /** Pumps records between the two engines until both have finished (bounded: a stuck handshake fails). */
    private static void handshake(SSLEngine client, SSLEngine server) throws SSLException {
        ByteBuffer toServer = ByteBuffer.allocate(64 * 1024);
        ByteBuffer toClient = ByteBuffer.allocate(64 * 1024);
        ByteBuffer sink = ByteBuffer.allocate(64 * 1024);
        ByteBuffer empty = ByteBuffer.allocate(0);
        client.beginHandshake();
        server.beginHandshake();
        for (int i = 0; i < 200 && !(done(client) && done(server)); i++) {
            step(client, toServer, toClient, sink, empty);
            step(server, toClient, toServer, sink, empty);
        }
        assertThat(done(client) && done(server)).as("handshake finished").isTrue();
    }

    private static void step(SSLEngine engine, ByteBuffer out, ByteBuffer in, ByteBuffer sink, ByteBuffer empty)
            throws SSLException {
        HandshakeStatus status = engine.getHandshakeStatus();
        if (status == HandshakeStatus.NEED_TASK) {
            Runnable task;
            while ((task = engine.getDelegatedTask()) != null) {
                task.run();
            }
        } else if (status == HandshakeStatus.NEED_WRAP) {
            engine.wrap(empty, out);
        } else if (status == HandshakeStatus.NEED_UNWRAP || status == HandshakeStatus.NEED_UNWRAP_AGAIN) {
            in.flip();
            engine.unwrap(in, sink);
            in.compact();
            sink.clear();
        }
    }

    private static boolean done(SSLEngine engine) {
        HandshakeStatus s = engine.getHandshakeStatus();
        return s == HandshakeStatus.FINISHED || s == HandshakeStatus.NOT_HANDSHAKING;
    }
}
