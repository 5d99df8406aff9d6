package io.kbench.client.tls;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * Conscrypt's engine as Kafka's {@code SslTransportLayer} can drive it. Kafka unwraps into a read buffer of
 * {@code getApplicationBufferSize()} bytes and, on BUFFER_OVERFLOW, fails the connection if that buffer is already full
 * ("Buffer overflow when available data size (16384) >= application buffer size (16384)"; apache/kafka#9188). The
 * JDK's engine unwraps whole TLS records, so its buffer never fills to the last byte; Conscrypt hands out as much
 * buffered plaintext as fits and does fill it, and under load Kafka then dropped connection after connection. So this
 * engine always leaves the last byte of an unwrap's destination free (an overflow is reported instead of filling it),
 * and its sessions report twice Conscrypt's buffer sizes so a whole record still fits. Everything else is Conscrypt's.
 */
public final class ConscryptEngine extends SSLEngine {
    private final SSLEngine conscrypt;

    /** {@code conscrypt}: an engine from Conscrypt's provider (nothing else is wrapped, so the name cannot lie). */
    public ConscryptEngine(SSLEngine conscrypt) {
        super(conscrypt.getPeerHost(), conscrypt.getPeerPort());
        if (!conscrypt.getClass().getName().startsWith("org.conscrypt.")) {
            throw new IllegalArgumentException("not a Conscrypt engine: " + conscrypt.getClass().getName());
        }
        this.conscrypt = conscrypt;
    }

    @Override
    public SSLSession getSession() {
        return new RoomySession(conscrypt.getSession());
    }

    @Override
    public SSLSession getHandshakeSession() {
        SSLSession s = conscrypt.getHandshakeSession();
        return s == null ? null : new RoomySession(s);
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        return conscrypt.wrap(srcs, offset, length, dst);
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer src, ByteBuffer dst) throws SSLException {
        return conscrypt.wrap(src, dst);
    }

    @Override
    public SSLEngineResult wrap(ByteBuffer[] srcs, ByteBuffer dst) throws SSLException {
        return conscrypt.wrap(srcs, dst);
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        ByteBuffer last = dsts[offset + length - 1];
        if (last.remaining() <= 1) {
            return new SSLEngineResult(SSLEngineResult.Status.BUFFER_OVERFLOW, conscrypt.getHandshakeStatus(), 0, 0);
        }
        last.limit(last.limit() - 1);
        try {
            return conscrypt.unwrap(src, dsts, offset, length);
        } finally {
            last.limit(last.limit() + 1);
        }
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer dst) throws SSLException {
        return unwrap(src, new ByteBuffer[] {dst}, 0, 1);
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts) throws SSLException {
        return unwrap(src, dsts, 0, dsts.length);
    }

    @Override
    public Runnable getDelegatedTask() {
        return conscrypt.getDelegatedTask();
    }

    @Override
    public void closeInbound() throws SSLException {
        conscrypt.closeInbound();
    }

    @Override
    public boolean isInboundDone() {
        return conscrypt.isInboundDone();
    }

    @Override
    public void closeOutbound() {
        conscrypt.closeOutbound();
    }

    @Override
    public boolean isOutboundDone() {
        return conscrypt.isOutboundDone();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return conscrypt.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return conscrypt.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        conscrypt.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return conscrypt.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return conscrypt.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        conscrypt.setEnabledProtocols(protocols);
    }

    @Override
    public void beginHandshake() throws SSLException {
        conscrypt.beginHandshake();
    }

    @Override
    public SSLEngineResult.HandshakeStatus getHandshakeStatus() {
        return conscrypt.getHandshakeStatus();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        conscrypt.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return conscrypt.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        conscrypt.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return conscrypt.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        conscrypt.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return conscrypt.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        conscrypt.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return conscrypt.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return conscrypt.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters params) {
        conscrypt.setSSLParameters(params);
    }

    @Override
    public String getApplicationProtocol() {
        return conscrypt.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return conscrypt.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
        conscrypt.setHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return conscrypt.getHandshakeApplicationProtocolSelector();
    }

    @Override
    public String toString() {
        return "ConscryptEngine[" + conscrypt + "]";
    }
}
