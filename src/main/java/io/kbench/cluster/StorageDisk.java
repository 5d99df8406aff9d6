package io.kbench.cluster;

import java.nio.file.Path;

/**
 * One emulated data dir of a broker, as mounted.
 *
 * @param broker   the broker's node id
 * @param logDir   the {@code log.dirs} entry (a directory at the root of the mount)
 * @param device   the loop device, or {@code tmpfs}
 * @param directIo whether the loop device reads and writes its image with direct I/O (no second page cache on the
 *                 host); null for tmpfs
 * @param mount    the mount as the kernel lists it, e.g. {@code xfs /dev/loop0 on /tmp/c/broker-1/disk-1 (rw,noatime)}
 */
public record StorageDisk(int broker, Path logDir, String device, Boolean directIo, String mount) {
}
