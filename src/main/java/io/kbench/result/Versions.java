package io.kbench.result;

import org.apache.kafka.common.utils.AppInfoParser;

/** Versions of kbench and of the Kafka jars it runs, read from the artifacts themselves. */
public final class Versions {
    private Versions() {
    }

    public static String kbench() {
        String v = Versions.class.getPackage().getImplementationVersion();
        return v != null ? v : "0.1.0-SNAPSHOT";
    }

    /** The kafka-clients version on the classpath; the embedded brokers use the same jars. */
    public static String kafka() {
        return AppInfoParser.getVersion();
    }
}
