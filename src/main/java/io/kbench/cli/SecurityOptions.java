package io.kbench.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.client.tls.ConscryptEngineFactory;
import io.kbench.cluster.ClusterAcls;
import io.kbench.cluster.ClusterSecurity;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClientAuth;
import io.kbench.spec.InterBroker;
import io.kbench.spec.SecuritySpec;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.TlsProvider;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.net.ssl.SSLContext;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import picocli.CommandLine.Option;

/**
 * How the embedded cluster is secured, from the flags over the workload's {@code cluster.security}: the flags win
 * field by field, as the other broker flags win over the workload's broker settings.
 */
public final class SecurityOptions {
    @Option(names = "--security", paramLabel = "PROTOCOL",
            description = "Client listener of the embedded cluster: PLAINTEXT (default), SSL, SASL_SSL, SASL_PLAINTEXT.")
    String protocol;

    @Option(names = "--client-auth", paramLabel = "none|required",
            description = "With SSL or SASL_SSL: 'required' makes the brokers require a client certificate (mTLS).")
    String clientAuth;

    @Option(names = "--sasl-mechanism", paramLabel = "MECHANISM",
            description = "With SASL_*: SCRAM-SHA-512 (default) or PLAIN.")
    String saslMechanism;

    @Option(names = "--inter-broker", paramLabel = "same|plaintext",
            description = "Replication on the client protocol (same, default) or on a separate plaintext listener.")
    String interBroker;

    @Option(names = "--tls-version", paramLabel = "VERSION",
            description = "Pin clients and brokers to TLSv1.2 or TLSv1.3 (default: both enabled).")
    String tlsVersion;

    @Option(names = "--cipher", paramLabel = "CIPHER",
            description = "Pin clients and brokers to aes-128-gcm, aes-256-gcm or chacha20-poly1305 (default: the JDK's order).")
    String cipher;

    @Option(names = "--tls-provider", paramLabel = "jdk|conscrypt",
            description = "TLS implementation of clients and brokers: jdk (SunJSSE, default) or conscrypt (BoringSSL).")
    String tlsProvider;

    /** Each flag as its cluster.security field in the workload's spelling (null: not given), in one place. */
    private Map<String, String> given() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("protocol", jsonName(protocol));
        fields.put("clientAuth", jsonName(clientAuth));
        fields.put("saslMechanism", jsonName(saslMechanism));
        fields.put("interBroker", jsonName(interBroker));
        fields.put("tlsVersion", tlsVersion); // TLSv1.2: spelled as the JDK does, case and all
        fields.put("cipher", jsonName(cipher));
        fields.put("tlsProvider", jsonName(tlsProvider));
        return fields;
    }

    /** Whether any security flag was given. */
    boolean anyGiven() {
        return given().values().stream().anyMatch(Objects::nonNull);
    }

    /** The workload's security (null: plaintext) with these flags applied, validated. */
    SecuritySpec merge(SecuritySpec workload) {
        ObjectNode tree = workload == null ? JsonNodeFactory.instance.objectNode()
                : new SpecLoader().toTree(workload);
        given().forEach((field, value) -> {
            if (value != null) {
                tree.put(field, value);
            }
        });
        return new SpecLoader().bind(tree, SecuritySpec.class, anyGiven() ? "--security options" : "cluster.security");
    }

    /** The cluster package's view of {@code spec}, with the cipher resolved to JSSE suites this JDK knows. */
    static ClusterSecurity toCluster(SecuritySpec spec) {
        List<String> suites = spec.cipher() == null ? List.of() : spec.cipher().suites(spec.tlsVersion());
        Set<String> supported = supportedSuites();
        for (String suite : suites) {
            if (!supported.contains(suite)) {
                throw InvalidInputException.field("cluster.security.cipher", suite,
                        "this JDK (" + System.getProperty("java.version") + ") does not support it");
            }
        }
        boolean conscrypt = spec.tlsProvider() == TlsProvider.CONSCRYPT;
        if (conscrypt) {
            requireConscrypt();
        }
        return new ClusterSecurity(SecurityProtocol.forName(spec.protocol().name()),
                spec.clientAuth() == ClientAuth.REQUIRED,
                spec.saslMechanism() == null ? null : spec.saslMechanism().kafkaName(),
                spec.interBroker() == InterBroker.PLAINTEXT,
                spec.tlsVersion() == null ? null : spec.tlsVersion().jdkName(), suites,
                conscrypt ? ConscryptEngineFactory.class.getName() : null, conscrypt ? "Conscrypt" : null,
                spec.acls() == null ? null : new ClusterAcls(spec.acls().count(), spec.acls().grantWorkload()));
    }

    /** Conscrypt is a native library: refuse before any broker starts when it cannot load here. */
    private static void requireConscrypt() {
        String why = ConscryptEngineFactory.unavailableReason();
        if (why != null) {
            throw InvalidInputException.field("cluster.security.tlsProvider", "conscrypt",
                    "cannot load on " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
                            + " with JDK " + System.getProperty("java.version") + ": " + why);
        }
    }

    private static Set<String> supportedSuites() {
        try {
            return Set.copyOf(Arrays.asList(SSLContext.getDefault().getSupportedSSLParameters().getCipherSuites()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no default TLS context", e);
        }
    }

    /** SASL_SSL, sasl_ssl and sasl-ssl all mean the workload's {@code sasl-ssl}; null stays null. */
    private static String jsonName(String flag) {
        return flag == null ? null : flag.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
