package io.kbench.release;

import org.apache.kafka.common.utils.AppInfoParser;

/** kbench's own Kafka: the release on its classpath, {@code kafka.version} in pom.xml. */
public final class BundledRelease {
    private BundledRelease() {
    }

    /** Read from the Kafka jar on the classpath (its app-info), not from a constant that could drift from pom.xml. */
    public static ReleaseVersion version() {
        return ReleaseVersion.parse("kafka.version", AppInfoParser.getVersion());
    }
}
