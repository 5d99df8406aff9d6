package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import javax.net.ssl.SSLContext;

/**
 * TLS protocol and cipher suite names in Kafka's ssl.* settings, checked against the JDK running kbench: Kafka itself
 * accepts any string and only fails (or silently drops a name) when the first connection is made.
 */
final class TlsNames {
    /**
     * The JDK's names, read on first use only: the default TLS context loads the trust store (some 0.3 CPU-s), a cost
     * that every command checking client properties would otherwise pay at start-up although few set ssl.* names.
     */
    private static final class Supported {
        static final Set<String> PROTOCOLS;
        static final Set<String> SUITES;

        static {
            try {
                var supported = SSLContext.getDefault().getSupportedSSLParameters();
                PROTOCOLS = Set.copyOf(Arrays.asList(supported.getProtocols()));
                SUITES = Set.copyOf(Arrays.asList(supported.getCipherSuites()));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("this JDK has no default TLS context", e);
            }
        }
    }

    private TlsNames() {
    }

    /** Checks {@code value} when {@code key} (possibly listener-prefixed) names TLS protocols or suites. */
    static void check(String field, String key, String value) {
        if (key.endsWith("ssl.enabled.protocols")) {
            each(field, value, Supported.PROTOCOLS, "a TLS protocol this JDK supports");
        } else if (key.endsWith("ssl.cipher.suites")) {
            each(field, value, Supported.SUITES, "a cipher suite this JDK supports (JSSE names, e.g. TLS_AES_128_GCM_SHA256)");
        } else if (key.endsWith("ssl.protocol")) {
            try {
                SSLContext.getInstance(value.strip());
            } catch (NoSuchAlgorithmException e) {
                throw InvalidInputException.field(field, value, "is not a TLS protocol this JDK supports");
            }
        }
    }

    private static void each(String field, String value, Set<String> known, String what) {
        for (String name : value.split(",")) {
            String n = name.strip();
            if (!n.isEmpty() && !known.contains(n)) {
                throw InvalidInputException.field(field, n, "is not " + what + " ("
                        + System.getProperty("java.version") + ")");
            }
        }
    }

    static boolean applies(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.endsWith("ssl.enabled.protocols") || k.endsWith("ssl.cipher.suites") || k.endsWith("ssl.protocol");
    }
}
