package io.kbench.cluster;

import io.kbench.release.KafkaRelease;
import java.nio.file.Path;
import java.util.List;

/**
 * How a broker JVM logs. Kafka's code logs through SLF4J in every release kbench runs; what is behind SLF4J differs:
 * the 3.x releases bring reload4j and its SLF4J binding in their POMs (Kafka's own distribution logs through them),
 * the 4.x releases bring log4j 2 but no SLF4J binding (their distribution adds one), so kbench supplies its own
 * log4j 2 with the binding for them. Either way each broker writes {@code broker-<id>.log} in the same line format,
 * which {@link BrokerProcess#lastError()} reads.
 */
enum LoggingProfile {
    /** log4j 2, configured by {@code broker-log4j2.xml}: kbench's own Kafka and the releases without reload4j. */
    LOG4J2,
    /** The release's own reload4j (log4j 1.2 API), configured by {@code broker-log4j.properties}. */
    RELOAD4J;

    /** The group of reload4j in Maven's layout, whose presence in a release's closure means a log4j 1.2 broker. */
    static final String RELOAD4J_GROUP = "ch.qos.reload4j";

    /** kbench's own Kafka (null) logs through log4j 2; a release through reload4j when its POMs bring it. */
    static LoggingProfile of(KafkaRelease release) {
        if (release == null) {
            return LOG4J2;
        }
        return release.brokerClassPath().stream()
                .anyMatch(jar -> BrokerClassPath.inGroup(release.cacheRoot(), jar, RELOAD4J_GROUP))
                ? RELOAD4J : LOG4J2;
    }

    /** The JVM flags that point the logging library at {@code config}. */
    List<String> flags(Path config) {
        return switch (this) {
            case LOG4J2 -> List.of("-Dlog4j2.configurationFile=" + config);
            case RELOAD4J -> List.of("-Dlog4j.configuration=" + config.toUri());
        };
    }
}
