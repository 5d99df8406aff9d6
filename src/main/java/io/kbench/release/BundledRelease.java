package io.kbench.release;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * kbench's own Kafka: the release it was built with ({@code kafka.version} in pom.xml), whose jars are kbench's class
 * path. A kbench re-launched on another release's client jars ({@code clients.kafkaVersion}) is told by its parent
 * what kbench's own release and class path are, through the three system properties below: its embedded brokers of
 * kbench's own Kafka keep those jars, and the start line and {@code cluster.json} name that version, not its clients'.
 */
public final class BundledRelease {
    /** Set in a kbench re-launched on another client release: kbench's own Kafka version. */
    public static final String VERSION_PROPERTY = "kbench.bundledKafkaVersion";
    /** Set in a kbench re-launched on another client release: kbench's class path as built (its own Kafka included). */
    public static final String CLASS_PATH_PROPERTY = "kbench.bundledClassPath";
    /** Set in a kbench re-launched on another client release: that release, whose kafka-clients this JVM runs. */
    public static final String CLIENT_RELEASE_PROPERTY = "kbench.clientRelease";

    private BundledRelease() {
    }

    /**
     * The version handed down by the kbench that re-launched this JVM, else read from the Kafka client jar on the class
     * path, not from a constant that could drift from pom.xml: from the file Kafka's own app-info reads
     * ({@code kafka/kafka-version.properties}), as {@code result.Versions} does for the client a run records.
     */
    public static ReleaseVersion version() {
        String handedDown = System.getProperty(VERSION_PROPERTY);
        return ReleaseVersion.parse("kafka.version", handedDown != null ? handedDown : clientJarVersion());
    }

    private static String clientJarVersion() {
        try (InputStream in = KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            return null;
        }
    }

    /** kbench's class path with its own Kafka: handed down, else this JVM's. */
    public static String classPath() {
        return System.getProperty(CLASS_PATH_PROPERTY, System.getProperty("java.class.path"));
    }

    /**
     * Whether this JVM runs kbench's own Kafka jars, broker classes included: false in a kbench re-launched on another
     * release's client jars, which holds no broker class (the kbench that re-launched it made the checks that need
     * them before it did).
     */
    public static boolean onClassPath() {
        return System.getProperty(CLIENT_RELEASE_PROPERTY) == null;
    }
}
