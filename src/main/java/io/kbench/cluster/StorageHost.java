package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What emulated storage needs from this machine, checked before anything starts: root (mount and loop devices are
 * root's), the programs (mkfs.xfs and mkfs.btrfs come in the xfsprogs and btrfs-progs packages), a free loop device.
 */
public final class StorageHost {
    /** Where the programs are looked for besides PATH: root's sbin directories, which a user's PATH may lack. */
    private static final List<Path> SBIN = List.of(Path.of("/usr/sbin"), Path.of("/sbin"), Path.of("/usr/bin"), Path.of("/bin"));
    /** Debian's package of each program, for the error message. */
    private static final java.util.Map<String, String> PACKAGES = java.util.Map.of("mkfs.xfs", "xfsprogs",
            "mkfs.btrfs", "btrfs-progs", "mkfs.ext4", "e2fsprogs", "losetup", "mount", "mount", "mount",
            "umount", "mount", "mountpoint", "util-linux", "setsid", "util-linux");
    static final Duration QUICK = Duration.ofSeconds(10);

    private StorageHost() {
    }

    /**
     * Fails with one line when {@code storage} cannot be set up for {@code brokers} here: not root or a program
     * missing is exit 2 (nothing can make the input work on this machine as it is), no free loop device exit 1 (others
     * may hold them, and they are freed again).
     */
    public static void check(StorageParams storage, int brokers) {
        check(storage, brokers, uid());
    }

    static void check(StorageParams storage, int brokers, int uid) {
        String fs = storage.filesystem().fsName();
        if (uid != 0) {
            throw InvalidInputException.field("cluster.storage", fs, "needs root (mount and loop devices); kbench runs"
                    + " as uid " + uid);
        }
        for (String tool : tools(storage.filesystem())) {
            program(tool);
        }
        if (storage.imageDir() != null && !Files.isDirectory(storage.imageDir())) {
            throw InvalidInputException.field("cluster.storage.imageDir", storage.imageDir(), "no such directory");
        }
        if (storage.loopDevices(brokers) > 0) {
            SystemCommand.Outcome free = SystemCommand.run(List.of(program("losetup").toString(), "--find"), QUICK);
            if (!free.ok()) {
                throw new RunFailedException("cluster.storage: no free loop device for " + storage.loopDevices(brokers)
                        + " data dir(s) (losetup --find: " + free.oneLine() + "); 'losetup -a' lists the ones in use");
            }
        }
    }

    /** The programs setting up and releasing {@code fs} takes. */
    static List<String> tools(EmulatedFilesystem fs) {
        List<String> tools = new ArrayList<>(List.of("mount", "umount", "mountpoint", "setsid"));
        if (fs.onLoopDevice()) {
            tools.add("losetup");
            tools.add(fs.mkfsTool());
        }
        return tools;
    }

    /** The absolute path of {@code name}, from PATH or an sbin directory; exit 2 naming its package when absent. */
    static Path program(String name) {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(":")) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        dirs.addAll(SBIN);
        for (Path dir : dirs) {
            Path candidate = dir.resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        throw InvalidInputException.field("cluster.storage", name, "program not found (install the "
                + PACKAGES.getOrDefault(name, name) + " package, e.g. apt-get install -y " + PACKAGES.getOrDefault(name, name) + ")");
    }

    /** The effective uid of this process. */
    static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }
}
