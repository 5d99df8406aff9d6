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

    /** Every jar once. */
    public int fileCount() {
        return (int) Stream.concat(brokerClassPath.stream(), clientClassPath.stream()).distinct().count();
    }
}
