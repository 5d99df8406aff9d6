package io.kbench.cluster;

import java.nio.file.Path;
import java.util.List;

/**
 * A cluster's emulated storage as it was set up: what a run records.
 *
 * @param params          what was asked
 * @param imageDir        where the image files were (nothing for tmpfs)
 * @param imageFilesystem the host filesystem holding the images, as the kernel lists it; null for tmpfs
 * @param disks           every broker's data dirs, in broker and data dir order
 */
public record StorageSetup(StorageParams params, Path imageDir, String imageFilesystem, List<StorageDisk> disks) {
    public StorageSetup {
        disks = List.copyOf(disks);
    }
}
