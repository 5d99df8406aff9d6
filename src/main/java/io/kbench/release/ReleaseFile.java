package io.kbench.release;

import java.util.Objects;

/**
 * One jar of a release's closure as its manifest records it: Maven coordinates, the path relative to the cache root
 * (so a cache copied to another machine or user still works), its size and SHA-1 when it was resolved.
 */
public record ReleaseFile(String coordinates, String path, long bytes, String sha1) {
    public ReleaseFile {
        Objects.requireNonNull(coordinates, "coordinates");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(sha1, "sha1");
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes < 0: " + bytes);
        }
    }
}
