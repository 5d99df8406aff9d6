package io.kbench.cluster;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An integration test class that runs real brokers. Its static {@link EmbeddedCluster} fields, and the
 * {@link EmbeddedCluster} parameters of its tests, get the cluster these attributes describe: started once for the
 * class (a start costs seconds on a busy 2-core machine), when a test or field first needs it, and stopped after the
 * class. A class that asks for none gets only the check below. Tests that share the cluster use their own topic and
 * group names.
 *
 * <p>After every test, and after the class for static {@code @TempDir} fields, {@link EmbeddedKafkaExtension} stops the
 * {@code kbench cluster start} clusters under the test's {@code @TempDir} directories and asserts that no broker JVM
 * whose command line names one of those directories is left, nor a pause fault's guard process: whatever a test
 * started must not outlive it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EmbeddedKafkaExtension.class)
public @interface EmbeddedKafka {
    /** Brokers of the shared cluster. */
    int brokers() default 1;

    /** How its client listener is secured. */
    Security security() default Security.PLAINTEXT;

    /** Broker settings, each {@code key=value}. */
    String[] brokerConfig() default {};

    /** Broker heap: small heaps keep three brokers and the test JVMs comfortable on a 2-core machine. */
    String heap() default ClusterTestSupport.TEST_HEAP;

    /** The listener set-ups a shared cluster offers; SASL uses SCRAM-SHA-512, kbench's default mechanism. */
    enum Security {
        PLAINTEXT(ClusterSecurity.plaintext()),
        SSL(new ClusterSecurity(SecurityProtocol.SSL, false, null, false, null, List.of())),
        MUTUAL_TLS(new ClusterSecurity(SecurityProtocol.SSL, true, null, false, null, List.of())),
        SASL_PLAINTEXT(new ClusterSecurity(SecurityProtocol.SASL_PLAINTEXT, false, "SCRAM-SHA-512", false, null, List.of())),
        SASL_SSL(new ClusterSecurity(SecurityProtocol.SASL_SSL, false, "SCRAM-SHA-512", false, null, List.of()));

        private final ClusterSecurity security;

        Security(ClusterSecurity security) {
            this.security = security;
        }

        ClusterSecurity clusterSecurity() {
            return security;
        }
    }
}
