package io.kbench.client.tls;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A key manager with exactly one key, offered whatever the peer asks for. Conscrypt 2.5 registers no
 * KeyManagerFactory, and the JDK's SunX509 manager picks no alias for the key types Conscrypt asks about, which
 * leaves BoringSSL without a certificate (NO_CERTIFICATE_SET).
 */
final class SingleKeyManager extends X509ExtendedKeyManager {
    private static final String ALIAS = "kbench";

    private final PrivateKey key;
    private final X509Certificate[] chain;

    SingleKeyManager(PrivateKey key, X509Certificate[] chain) {
        this.key = key;
        this.chain = chain.clone();
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return new String[] {ALIAS};
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return ALIAS;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return ALIAS;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return new String[] {ALIAS};
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return ALIAS;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return ALIAS;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return ALIAS.equals(alias) ? chain.clone() : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return ALIAS.equals(alias) ? key : null;
    }
}
