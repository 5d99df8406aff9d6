package io.kbench.cluster;

import io.kbench.release.BundledRelease;
import io.kbench.release.KafkaRelease;
import java.util.Objects;

/**
 * What the broker JVMs of a cluster run: a Kafka release (kbench's own when {@code release} is null, else one from
 * the release cache, {@code cluster.kafkaVersion}), on a JDK ({@code cluster.javaHome}, {@code --broker-java-home}),
 * logging as that release can ({@link LoggingProfile}).
 */
record BrokerRuntime(KafkaRelease release, JavaRuntime java, LoggingProfile logging) {
    BrokerRuntime {
        Objects.requireNonNull(java, "java");
        Objects.requireNonNull(logging, "logging");
    }

    /** The runtime {@code params} ask for; the JDK is checked here (exit 2 when it cannot run brokers). */
    static BrokerRuntime of(ClusterParams params) {
        return new BrokerRuntime(params.release(), JavaRuntime.of(params.brokerJavaHome()), LoggingProfile.of(params.release()));
    }

    /**
     * The Kafka version the brokers run: the release's, or kbench's own (whose jars the brokers then run; in a kbench
     * re-launched on another client release, the version its parent handed down, not its clients'). What a result
     * records is read from the running brokers themselves (app-info).
     */
    String kafkaVersion() {
        return release == null ? BundledRelease.version().toString() : release.version().toString();
    }

    /** The class path of a broker JVM; {@code security} names a TLS engine factory whose jar must be on it. */
    String classPath(ClusterSecurity security) {
        return BrokerClassPath.of(release, logging, security.engineFactoryClass());
    }

    /** For the start line: {@code Kafka 3.9.1 (cached release)}, {@code Kafka 4.3.1} for kbench's own. */
    String describe() {
        return "Kafka " + kafkaVersion() + (release == null ? "" : " (" + release.source().word() + " release)");
    }
}
