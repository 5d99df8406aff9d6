package io.kbench.release;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What {@code kbench kafka fetch} resolved for one release, written next to the jars as
 * {@code <cache>/kbench/releases/<version>.json}: the broker side (the broker and Kafka's tools, as kbench's own
 * classpath has them) and the client side ({@code kafka-clients} and its dependencies). A manifest whose files are
 * all present is a complete release: using it needs no network and no resolver at all.
 */
public record ReleaseManifest(String version, Instant resolvedAt, String repository, List<ReleaseFile> broker,
        List<ReleaseFile> client) {
    public ReleaseManifest {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(resolvedAt, "resolvedAt");
        Objects.requireNonNull(repository, "repository");
        broker = List.copyOf(broker);
        client = List.copyOf(client);
    }

    /** Every file once (the client jars are part of the broker's closure too). */
    public List<ReleaseFile> files() {
        return Stream.concat(broker.stream(), client.stream()).distinct().toList();
    }

    public long bytes() {
        return files().stream().mapToLong(ReleaseFile::bytes).sum();
    }
}
