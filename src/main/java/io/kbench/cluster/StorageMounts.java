package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A cluster's emulated storage: for each broker and data dir an image file, formatted, attached to a loop device with
 * direct I/O and mounted at {@code broker-N/disk-K} (tmpfs: mounted from memory), its {@code data} directory being the
 * broker's log dir. Every mount point and image is told to the {@link StorageGuard} before it exists, and the guard
 * alone releases them. The loop device is detached right after mounting, which the kernel turns into "free it when
 * unmounted", so no path can leave one attached.
 */
final class StorageMounts {
    private static final Duration MKFS_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration MOUNT_TIMEOUT = Duration.ofSeconds(30);

    private final StorageParams params;
    private final Path imageDir;
    private final StorageGuard guard;
    private final List<StorageDisk> disks = new ArrayList<>();
    private boolean released;

    private StorageMounts(StorageParams params, Path imageDir, StorageGuard guard) {
        this.params = params;
        this.imageDir = imageDir;
        this.guard = guard;
    }

    /** Where broker {@code node}'s data dir {@code disk} (1-based) is mounted. */
    static Path mountPoint(Path dataDir, int node, int disk) {
        return dataDir.resolve("broker-" + node).resolve("disk-" + disk);
    }

    /** Broker {@code node}'s log dirs: a {@code data} directory at the root of each mount (ext4 keeps lost+found there). */
    static List<Path> logDirs(Path dataDir, int node, StorageParams params) {
        List<Path> dirs = new ArrayList<>();
        for (int k = 1; k <= params.dataDirs(); k++) {
            dirs.add(mountPoint(dataDir, node, k).resolve("data"));
        }
        return dirs;
    }

    /**
     * Makes and mounts every broker's data dirs; on any failure releases what was made and fails with one line.
     * {@code token} names the images (the cluster id: unique among clusters sharing an image dir).
     */
    static StorageMounts mount(StorageParams params, Path dataDir, List<Integer> nodes, String token, Path logDir,
                               PrintStream progress) {
        Path imageDir = params.imageDir() != null ? params.imageDir() : dataDir;
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new RunFailedException("cannot create " + logDir + ": " + e.getMessage(), e);
        }
        boolean loops = params.filesystem().onLoopDevice();
        progress.printf(Locale.ROOT, "cluster: storage: %d %s filesystem%s of %d MiB%s per broker%s%n", params.dataDirs(),
                params.filesystem().fsName(), params.dataDirs() == 1 ? "" : "s", params.sizeBytes() >> 20,
                params.options() == null ? "" : " (" + params.options() + ")",
                loops ? ", images in " + imageDir : ", in memory");
        StorageMounts mounts = new StorageMounts(params, imageDir,
                StorageGuard.start(loops, logDir.resolve("storage-release.log")));
        try {
            for (int node : nodes) {
                for (int k = 1; k <= params.dataDirs(); k++) {
                    mounts.mountOne(node, mountPoint(dataDir, node, k),
                            imageDir.resolve("kbench-" + token + "-broker-" + node + "-disk-" + k + ".img"));
                }
            }
            return mounts;
        } catch (RuntimeException | Error e) {
            mounts.release();
            throw e;
        }
    }

    private void mountOne(int node, Path mountPoint, Path image) {
        guard.mount(mountPoint);
        createDirectories(mountPoint);
        String fs = params.filesystem().fsName();
        String device;
        Boolean directIo = null;
        if (params.filesystem().onLoopDevice()) {
            // Told to the guard (which deletes it at the end, as root) only once it is ours: a name that was taken is
            // refused by createImage and must then be left alone, not deleted on the way out.
            createImage(image, params.sizeBytes());
            guard.image(image);
            run(params.filesystem().mkfsCommand(StorageHost.program(params.filesystem().mkfsTool()), image), MKFS_TIMEOUT,
                    "format " + image + " as " + fs);
            String losetup = StorageHost.program("losetup").toString();
            device = run(List.of(losetup, "--find", "--show", "--direct-io=on", image.toString()), StorageHost.QUICK,
                    "attach " + image + " to a loop device").strip();
            directIo = directIo(device);
            mount(List.of("-t", fs), device, mountPoint);
            // Mounted, the device cannot go at once: the kernel marks it to be freed when the mount goes.
            run(List.of(losetup, "-d", device), StorageHost.QUICK, "mark " + device + " for release");
        } else {
            device = "tmpfs";
            String options = "size=" + params.sizeBytes() + (params.options() == null ? "" : "," + params.options());
            mountWith(List.of("-t", "tmpfs", "-o", options, "kbench-tmpfs", mountPoint.toString()), mountPoint);
        }
        Path data = mountPoint.resolve("data");
        createDirectories(data);
        disks.add(new StorageDisk(node, data, device, directIo, MountInfo.describe(data)));
    }

    private void mount(List<String> type, String device, Path mountPoint) {
        List<String> args = new ArrayList<>(type);
        if (params.options() != null) {
            args.add("-o");
            args.add(params.options());
        }
        args.add(device);
        args.add(mountPoint.toString());
        try {
            mountWith(args, mountPoint);
        } catch (RuntimeException e) {
            SystemCommand.run(List.of(StorageHost.program("losetup").toString(), "-d", device), StorageHost.QUICK);
            throw e;
        }
    }

    private void mountWith(List<String> args, Path mountPoint) {
        List<String> argv = new ArrayList<>();
        argv.add(StorageHost.program("mount").toString());
        argv.addAll(args);
        SystemCommand.Outcome out = SystemCommand.run(argv, MOUNT_TIMEOUT);
        if (!out.ok()) {
            String what = "mount " + params.filesystem().fsName() + " at " + mountPoint + " failed: " + out.oneLine();
            if (params.options() != null) {
                throw InvalidInputException.field("cluster.storage.options", params.options(), what);
            }
            throw new RunFailedException("cluster.storage: " + what);
        }
    }

    private static String run(List<String> argv, Duration timeout, String what) {
        SystemCommand.Outcome out = SystemCommand.run(argv, timeout);
        if (!out.ok()) {
            String hint = argv.get(0).endsWith("losetup") && out.output().contains("free") ? " (no free loop device)" : "";
            throw new RunFailedException("cluster.storage: cannot " + what + hint + ": " + out.oneLine());
        }
        return out.output();
    }

    /**
     * A sparse file: it takes space on the host only as the filesystem in it is written. Created new and owner-only
     * (0600): the image holds the brokers' data, and an image dir is often shared (/tmp, a scratch disk), where a name
     * already taken, by a file or by a link another user planted to make root write elsewhere, is refused, never
     * followed or reused.
     */
    static void createImage(Path image, long sizeBytes) {
        try (FileChannel f = FileChannel.open(image, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            // One byte at the end gives the file its length; everything before it stays a hole.
            f.write(ByteBuffer.wrap(new byte[1]), sizeBytes - 1);
        } catch (FileAlreadyExistsException e) {
            throw new RunFailedException("cluster.storage: cannot create image " + image + ": something of that name is"
                    + " there already (a file or a link); kbench never writes through one", e);
        } catch (IOException e) {
            throw new RunFailedException("cluster.storage: cannot create image " + image + ": " + e.getMessage(), e);
        }
    }

    private static Boolean directIo(String device) {
        try {
            Path flag = Path.of("/sys/block").resolve(Path.of(device).getFileName()).resolve("loop").resolve("dio");
            return Files.readString(flag).trim().equals("1");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new RunFailedException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    /** What was mounted, in broker and data dir order. */
    List<StorageDisk> disks() {
        return List.copyOf(disks);
    }

    StorageParams params() {
        return params;
    }

    /** Where the images are; for tmpfs nothing is there. */
    Path imageDir() {
        return imageDir;
    }

    /** Unmounts everything and deletes the images (through the guard); idempotent. Never throws: it runs on the way out. */
    synchronized void release() {
        if (released) {
            return;
        }
        released = true;
        if (!guard.release()) {
            System.err.println("kbench: warning: cluster.storage: the mounts were not all released within "
                    + StorageGuard.RELEASE_SECONDS + " s; the release goes on in the background (see storage-release.log)");
        }
    }
}
