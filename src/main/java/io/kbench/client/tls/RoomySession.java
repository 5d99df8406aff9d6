package io.kbench.client.tls;

import java.security.Principal;
import java.security.cert.Certificate;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;

/** A session that reports twice its buffer sizes and is otherwise the one it wraps (see {@link ConscryptEngine}). */
final class RoomySession implements SSLSession {
    private final SSLSession session;

    RoomySession(SSLSession session) {
        this.session = session;
    }

    @Override
    public int getApplicationBufferSize() {
        return 2 * session.getApplicationBufferSize();
    }

    @Override
    public int getPacketBufferSize() {
        return 2 * session.getPacketBufferSize();
    }

    @Override
    public byte[] getId() {
        return session.getId();
    }

    @Override
    public SSLSessionContext getSessionContext() {
        return session.getSessionContext();
    }

    @Override
    public long getCreationTime() {
        return session.getCreationTime();
    }

    @Override
    public long getLastAccessedTime() {
        return session.getLastAccessedTime();
    }

    @Override
    public void invalidate() {
        session.invalidate();
    }

    @Override
    public boolean isValid() {
        return session.isValid();
    }

    @Override
    public void putValue(String name, Object value) {
        session.putValue(name, value);
    }

    @Override
    public Object getValue(String name) {
        return session.getValue(name);
    }

    @Override
    public void removeValue(String name) {
        session.removeValue(name);
    }

    @Override
    public String[] getValueNames() {
        return session.getValueNames();
    }

    @Override
    public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
        return session.getPeerCertificates();
    }

    @Override
    public Certificate[] getLocalCertificates() {
        return session.getLocalCertificates();
    }

    @Override
    public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
        return session.getPeerPrincipal();
    }

    @Override
    public Principal getLocalPrincipal() {
        return session.getLocalPrincipal();
    }

    @Override
    public String getCipherSuite() {
        return session.getCipherSuite();
    }

    @Override
    public String getProtocol() {
        return session.getProtocol();
    }

    @Override
    public String getPeerHost() {
        return session.getPeerHost();
    }

    @Override
    public int getPeerPort() {
        return session.getPeerPort();
    }
}
