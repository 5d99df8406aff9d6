package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Emulated storage of an embedded cluster: each broker's data dirs on filesystems of their own.
 *
 * @param filesystem what each data dir is formatted with
 * @param options    mount options ({@code mount -o}); null for the filesystem's defaults
 * @param sizeBytes  size of each data dir's filesystem, rounded down to whole MiB
 * @param dataDirs   data dirs per broker, each its own filesystem (and loop device)
 * @param imageDir   where the sparse image files go; null: the cluster's data directory
 */
public record StorageParams(EmulatedFilesystem filesystem, String options, long sizeBytes, int dataDirs, Path imageDir) {
    private static final long MIB = 1L << 20;

    public StorageParams {
        Objects.requireNonNull(filesystem, "filesystem");
        sizeBytes = sizeBytes / MIB * MIB;
        if (sizeBytes < MIB) {
            throw InvalidInputException.field("cluster.storage.size", sizeBytes + " bytes", "must be at least 1 MiB");
        }
        if (dataDirs < 1) {
            throw InvalidInputException.field("cluster.storage.dataDirs", dataDirs, "must be at least 1");
        }
        options = options == null || options.isBlank() ? null : options;
        imageDir = imageDir == null ? null : imageDir.toAbsolutePath().normalize();
    }

    /** Loop devices a cluster of {@code brokers} needs. */
    int loopDevices(int brokers) {
        return filesystem.onLoopDevice() ? brokers * dataDirs : 0;
    }
}
