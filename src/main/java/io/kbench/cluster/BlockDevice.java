package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The whole-disk device (MAJOR:MINOR) holding a directory, as the kernel's I/O throttles name it. */
final class BlockDevice {
    private static final Path SYS_DEV_BLOCK = Path.of("/sys/dev/block");

    private BlockDevice() {
    }

    /** MAJOR:MINOR of the disk holding {@code dir}; a partition is resolved to its disk, which is what throttles apply to. */
    static String of(Path dir) {
        try {
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            long dev = (Long) Files.getAttribute(existing == null ? Path.of("/") : existing, "unix:dev");
            String id = major(dev) + ":" + minor(dev);
            Path sys = SYS_DEV_BLOCK.resolve(id);
            if (!Files.exists(sys)) {
                throw new InvalidInputException("cluster.limits.disk*: cannot apply: " + dir + " is on device " + id
                        + ", which is not a block device (a tmpfs or overlay cannot be throttled); use --data-dir on a disk");
            }
            if (Files.exists(sys.resolve("partition"))) {
                return Files.readString(sys.toRealPath().getParent().resolve("dev")).trim();
            }
            return id;
        } catch (IOException | UnsupportedOperationException e) {
            throw new InvalidInputException("cluster.limits.disk*: cannot apply: cannot find the device of " + dir + ": "
                    + e.getMessage());
        }
    }

    /** Linux's encoding of dev_t (glibc's gnu_dev_major). */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
    }
}
