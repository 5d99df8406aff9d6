package io.kbench.release;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A Kafka release ready to run: the jars a broker JVM needs (the broker and Kafka's tools), the jars of its Java
 * client, where they came from this time and the manifest that lists them.
 */
public record KafkaRelease(ReleaseVersion version, List<Path> brokerClassPath, List<Path> clientClassPath,
        ReleaseSource source, long bytes, Path manifest) {
    public KafkaRelease {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(manifest, "manifest");
        brokerClassPath = List.copyOf(brokerClassPath);
        clientClassPath = List.copyOf(clientClassPath);
    }

    /**
     * The Maven repository the jars are in (the cache), where a jar's group is its path: the manifest is
     * {@code <cache>/kbench/releases/<version>.json} ({@link ReleaseCache#manifestPath}).
     */
    public Path cacheRoot() {
        return manifest.toAbsolutePath().normalize().getParent().getParent().getParent();
    }

    /** Every jar once. */
    public int fileCount() {
        return (int) Stream.concat(brokerClassPath.stream(), clientClassPath.stream()).distinct().count();
    }
}
