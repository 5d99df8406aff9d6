package io.kbench.result;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;

/** Versions of kbench and of the Kafka jars it runs, read from the artifacts themselves. */
public final class Versions {
    /**
     * Where a kafka-clients jar says its version, the file Kafka's own app-info reads: a resource, because the class
     * that reads it moved ({@code org.apache.kafka.common.utils.AppInfoParser} up to 4.3, {@code ...utils.internals}
     * from 4.4 on) and kbench may run a client of either side ({@code clients.kafkaVersion}).
     */
    private static final String KAFKA_VERSION_RESOURCE = "/kafka/kafka-version.properties";

    private Versions() {
    }

    public static String kbench() {
        String v = Versions.class.getPackage().getImplementationVersion();
        return v != null ? v : "0.1.0-SNAPSHOT";
    }

    /**
     * The version of the kafka-clients jar this JVM runs: kbench's own, or in a kbench re-launched on another client
     * release, that release's. "unknown" (Kafka's own word for it) when the jar says nothing.
     */
    public static String kafka() {
        try (InputStream in = KafkaProducer.class.getResourceAsStream(KAFKA_VERSION_RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown").strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
