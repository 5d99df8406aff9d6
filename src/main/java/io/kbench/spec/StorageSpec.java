package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.ByteSize;
import java.util.regex.Pattern;

/**
 * Emulated storage for the embedded brokers (docs/cluster.md, "Emulated storage"): each of a broker's data dirs on a
 * filesystem of its own, made from a sparse image file on a loop device (tmpfs: in memory), so a study's filesystem,
 * mount options and disk count can be reproduced on one machine. Needs root.
 *
 * @param filesystem ext4, xfs, btrfs or tmpfs
 * @param options    mount options as {@code mount -o} takes them, e.g. {@code noatime} or {@code noatime,nobarrier};
 *                   absent: the filesystem's defaults
 * @param size       size of each data dir's filesystem, e.g. {@code 4GiB} (the image is sparse: it takes disk space
 *                   only as it is written); absent: 4 GiB
 * @param dataDirs   data dirs per broker ({@code log.dirs} entries), each its own filesystem; absent: 1
 * @param imageDir   directory for the image files; absent: the cluster's data directory
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StorageSpec(StorageFilesystem filesystem, String options, String size, Integer dataDirs, String imageDir) {
    /** The size of each data dir's filesystem when none is given. */
    public static final String DEFAULT_SIZE = "4GiB";
    /** xfs refuses filesystems below 300 MB; one floor for every filesystem keeps a sweep's points comparable. */
    public static final long MIN_SIZE_BYTES = 512L << 20;
    public static final long MAX_SIZE_BYTES = 1L << 40;
    public static final int MAX_DATA_DIRS = 8;
    /** Comma-separated {@code name} or {@code name=value} options, as mount(8) takes them. */
    private static final Pattern OPTIONS = Pattern.compile("[A-Za-z0-9_]+(=[A-Za-z0-9_.:+/-]+)?(,[A-Za-z0-9_]+(=[A-Za-z0-9_.:+/-]+)?)*");

    public StorageSpec {
        if (filesystem == null) {
            throw InvalidInputException.field("cluster.storage.filesystem", "(absent)", "must be one of ext4, xfs, btrfs, tmpfs");
        }
        if (options != null) {
            options = options.trim();
            if (options.length() > 512 || !OPTIONS.matcher(options).matches()) {
                throw InvalidInputException.field("cluster.storage.options", options,
                        "must be mount options like noatime or noatime,nodiratime (letters, digits, _, name=value, comma-separated)");
            }
            for (String option : options.split(",")) {
                String name = option.split("=", 2)[0];
                if (name.equals("ro")) {
                    throw InvalidInputException.field("cluster.storage.options", options, "ro: a broker cannot write a read-only data dir");
                }
                if (name.equals("size") || name.equals("loop")) {
                    throw InvalidInputException.field("cluster.storage.options", options,
                            name + " is set by kbench (use cluster.storage.size)");
                }
            }
        }
        if (size != null) {
            long bytes;
            try {
                bytes = ByteSize.parse(size);
            } catch (IllegalArgumentException e) {
                throw InvalidInputException.field("cluster.storage.size", size, e.getMessage());
            }
            if (bytes < MIN_SIZE_BYTES || bytes > MAX_SIZE_BYTES) {
                throw InvalidInputException.field("cluster.storage.size", size, "must be between 512MiB and 1TiB");
            }
        }
        if (dataDirs != null && (dataDirs < 1 || dataDirs > MAX_DATA_DIRS)) {
            throw InvalidInputException.field("cluster.storage.dataDirs", dataDirs, "must be between 1 and " + MAX_DATA_DIRS);
        }
        if (imageDir != null && (imageDir.isBlank() || imageDir.indexOf('\n') >= 0 || imageDir.indexOf('\0') >= 0)) {
            throw InvalidInputException.field("cluster.storage.imageDir", imageDir, "must name a directory");
        }
    }

    /** Size of each data dir's filesystem in bytes. */
    public long sizeBytes() {
        return ByteSize.parse(size == null ? DEFAULT_SIZE : size);
    }

    /** Data dirs per broker. */
    public int dataDirCount() {
        return dataDirs == null ? 1 : dataDirs;
    }
}
