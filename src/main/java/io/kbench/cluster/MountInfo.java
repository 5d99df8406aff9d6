package io.kbench.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What filesystem a directory is on, with its mount options, from /proc/self/mountinfo (no root needed). */
final class MountInfo {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

    private MountInfo() {
    }

    /** E.g. {@code ext4 /dev/vda on / (rw,relatime)}; null when it cannot be read (not Linux). */
    static String describe(Path dir) {
        try {
            return describe(dir.toRealPath(), Files.readAllLines(MOUNTINFO));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The line whose mount point is the longest prefix of {@code dir} (the mount that holds it). */
    static String describe(Path dir, List<String> mountinfo) {
        String best = null;
        int bestLength = -1;
        for (String line : mountinfo) {
            // id parent major:minor root mountpoint options [optional...] - fstype source superoptions
            String[] f = line.split(" ");
            int dash = List.of(f).indexOf("-");
            if (f.length < 7 || dash < 6 || dash + 2 >= f.length) {
                continue;
            }
            String mountPoint = unescape(f[4]);
            if (dir.startsWith(Path.of(mountPoint)) && mountPoint.length() > bestLength) {
                bestLength = mountPoint.length();
                best = f[dash + 1] + " " + unescape(f[dash + 2]) + " on " + mountPoint + " (" + f[5] + ")";
            }
        }
        return best;
    }

    /** mountinfo writes space, tab, newline and backslash as octal escapes. */
    private static String unescape(String s) {
        return s.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
    }
}
