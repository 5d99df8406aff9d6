package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The embedded brokers' emulated storage ({@code cluster.storage}): what each data dir was on. Absent for a run whose
 * brokers kept their data in plain directories.
 *
 * @param filesystem        ext4, xfs, btrfs or tmpfs
 * @param options           the mount options asked for; absent: the filesystem's defaults
 * @param sizeBytes         size of each data dir's filesystem, bytes
 * @param dataDirsPerBroker {@code log.dirs} entries per broker, each its own filesystem
 * @param imageDir          where the image files were; absent for tmpfs
 * @param imageFilesystem   the host filesystem holding the images, as the kernel lists it; absent for tmpfs
 * @param brokers           each broker's data dirs as mounted
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StorageInfo(String filesystem, String options, long sizeBytes, int dataDirsPerBroker, String imageDir,
                          String imageFilesystem, List<Broker> brokers) {
    public StorageInfo {
        brokers = brokers == null ? List.of() : List.copyOf(brokers);
    }

    /**
     * One broker's data dirs.
     *
     * @param broker the node id
     * @param dirs   its data dirs, in {@code log.dirs} order
     */
    public record Broker(int broker, List<Dir> dirs) {
        public Broker {
            dirs = dirs == null ? List.of() : List.copyOf(dirs);
        }
    }

    /**
     * One data dir.
     *
     * @param logDir   the {@code log.dirs} entry
     * @param device   the loop device, or {@code tmpfs}
     * @param directIo whether the loop device used direct I/O on its image; absent for tmpfs
     * @param mount    the mount as the kernel listed it once mounted: filesystem, device, mount point, options
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Dir(String logDir, String device, Boolean directIo, String mount) {
    }
}
