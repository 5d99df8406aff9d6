package io.kbench.cluster;

import java.nio.file.Path;
import java.util.List;

/** A filesystem kbench can put a broker's data dir on, and how it is made. */
public enum EmulatedFilesystem {
    // Inode tables and the journal are written now, not by a kernel thread during the measured window.
    EXT4("mkfs.ext4", List.of("-F", "-q", "-E", "lazy_itable_init=0,lazy_journal_init=0")),
    XFS("mkfs.xfs", List.of("-f", "-q")),
    BTRFS("mkfs.btrfs", List.of("-f", "-q")),
    TMPFS(null, List.of());

    private final String mkfs;
    private final List<String> mkfsFlags;

    EmulatedFilesystem(String mkfs, List<String> mkfsFlags) {
        this.mkfs = mkfs;
        this.mkfsFlags = mkfsFlags;
    }

    /** The name mount -t takes and result.json records. */
    public String fsName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The filesystem named {@code name} (ext4, xfs, btrfs, tmpfs). */
    public static EmulatedFilesystem of(String name) {
        return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }

    /** Whether it lives on an image file behind a loop device (every one but tmpfs). */
    boolean onLoopDevice() {
        return mkfs != null;
    }

    /** The mkfs program's name; null for tmpfs. */
    String mkfsTool() {
        return mkfs;
    }

    /** The mkfs command line for {@code image}, with {@code mkfs} the resolved program. */
    List<String> mkfsCommand(Path mkfsProgram, Path image) {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(mkfsProgram.toString());
        cmd.addAll(mkfsFlags);
        cmd.add(image.toString());
        return cmd;
    }
}
