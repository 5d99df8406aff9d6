package io.kbench.release;

import java.nio.file.Path;

/**
 * A release the cache has a manifest for: the manifest ({@code null} when the file cannot be read) and how many of
 * the files it lists are gone or changed since ({@code kbench kafka fetch} restores them).
 */
public record CachedRelease(ReleaseVersion version, Path manifestPath, ReleaseManifest manifest, int missingFiles) {
    public boolean complete() {
        return manifest != null && missingFiles == 0;
    }
}
