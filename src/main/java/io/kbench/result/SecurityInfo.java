package io.kbench.result;

/**
 * How the clients' connection to the cluster was secured, and what a real TLS handshake with the clients' own settings
 * negotiated, so that a result cannot claim TLS it did not use. Holds no secret.
 *
 * @param protocol            the clients' security.protocol: PLAINTEXT, SSL, SASL_SSL or SASL_PLAINTEXT
 * @param clientAuth          TLS only: whether the client presented a certificate (mTLS)
 * @param saslMechanism       SASL only: the mechanism, e.g. SCRAM-SHA-512
 * @param interBroker         embedded only: replication on the same protocol or a separate PLAINTEXT listener
 * @param certificates        embedded TLS only: the throwaway certificates kbench generated
 * @param negotiatedProtocol  TLS only: the protocol of the handshake, e.g. TLSv1.3
 * @param negotiatedCipherSuite TLS only: the cipher suite of the handshake, e.g. TLS_AES_128_GCM_SHA256
 * @param tlsProvider         TLS only: the JSSE provider of the clients' TLS context, e.g. SunJSSE
 * @param handshakeError      TLS only: why the handshake probe failed (then the negotiated fields are absent)
 * @param authorizer          embedded with {@code cluster.security.acls} only: the brokers' authorizer class
 * @param acls                embedded with {@code cluster.security.acls} only: the ACLs the cluster held when the
 *                            load started (the workload's grants and the others)
 */
public record SecurityInfo(String protocol, Boolean clientAuth, String saslMechanism, String interBroker,
                           String certificates, String negotiatedProtocol, String negotiatedCipherSuite,
                           String tlsProvider, String handshakeError, String authorizer, Integer acls) {
}
