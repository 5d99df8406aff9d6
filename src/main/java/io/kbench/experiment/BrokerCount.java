package io.kbench.experiment;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FinalizedVersionRange;

/** Asks an external cluster how many brokers it has, and at which Kafka version it runs, for the result. */
final class BrokerCount {
    private BrokerCount() {
    }

    /**
     * What an external cluster says of itself.
     *
     * @param brokers broker count; 0 when it cannot tell
     * @param metadataVersion its finalized {@code metadata.version} (e.g. {@code 4.3-IV0}), the Kafka release line every
     *                        broker runs at or above; null when it cannot tell
     */
    record Facts(int brokers, String metadataVersion) {
        /** The metadata version named as such ({@code metadata.version 4.3-IV0}): what a result says without JMX. */
        String version() {
            return metadataVersion == null ? null : "metadata.version " + metadataVersion;
        }
    }

    static int of(Map<String, String> connection) {
        return facts(connection, false).brokers();
    }

    /** The broker count and the cluster's metadata version, asked with one admin client. */
    static Facts facts(Map<String, String> connection) {
        return facts(connection, true);
    }

    private static Facts facts(Map<String, String> connection, boolean version) {
        Map<String, Object> props = new HashMap<>(connection);
        props.put("default.api.timeout.ms", "10000");
        props.put("request.timeout.ms", "10000");
        try (Admin admin = Admin.create(props)) {
            int brokers;
            try {
                brokers = admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).size();
            } catch (Exception e) {
                brokers = 0;
            }
            return new Facts(brokers, version ? version(admin) : null);
        } catch (Exception e) {
            return new Facts(0, null);
        }
    }

    /**
     * The release name of a metadata.version level (20 -> 3.7-IV0...), from the broker's own table: server-common is
     * on kbench's runtime classpath only (kbench compiles against the clients alone), hence the reflection.
     */
    static java.util.Optional<String> release(short level) {
        try {
            Object version = Class.forName("org.apache.kafka.server.common.MetadataVersion")
                    .getMethod("fromFeatureLevel", short.class).invoke(null, level);
            return java.util.Optional.of(String.valueOf(version.getClass().getMethod("version").invoke(version)));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException unknown) {
            return java.util.Optional.empty();
        }
    }

    /**
     * The finalized metadata.version ("4.3-IV0"), named as such by {@link Facts#version()}: the Admin API names no
     * broker's software version, and a metadata level is not one (brokers of a newer release may run at an older
     * level), so the value says what it is wherever it is shown (result.json, the catalog, history's environments).
     */
    private static String version(Admin admin) {
        try {
            FinalizedVersionRange range = admin.describeFeatures().featureMetadata().get(10, TimeUnit.SECONDS)
                    .finalizedFeatures().get("metadata.version");
            if (range == null) {
                return null;
            }
            short level = range.maxVersionLevel();
            return release(level).orElse("level " + level);
        } catch (Exception e) {
            return null;
        }
    }
}
