package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Puts a broker in cgroups with its {@link ResourceLimits}: cgroup v1 (one hierarchy per controller under
 * /sys/fs/cgroup/CONTROLLER) or v2 (one unified hierarchy). Groups are named {@code kbench/<name>}, the name beginning
 * with the creating kbench's pid ({@link #owned}); the broker joins them before its JVM starts (see
 * {@link BrokerLauncher}), so everything it allocates is charged from the first byte. A kbench killed with SIGKILL
 * cannot remove its groups; the next one to create a group removes them ({@link #removeStale}).
 */
final class Cgroups {
    static final Path ROOT = Path.of("/sys/fs/cgroup");
    private static final String PARENT = "kbench";
    private static final List<String> V1_CONTROLLERS = List.of("cpuset", "cpu", "memory", "blkio");
    /** An empty group younger than this is never removed: its broker may be about to join. */
    static final long STALE_AFTER_MS = 60_000;
    /** {@code p<pid>-}: the kbench process that created a group. */
    private static final Pattern OWNER = Pattern.compile("p(\\d{1,10})-.*");

    private Cgroups() {
    }

    /** A group name that says which process created it: {@code p<this pid>-<name>}. */
    static String owned(String name) {
        return "p" + ProcessHandle.current().pid() + "-" + name;
    }

    /**
     * Removes the groups under {@code kbench/} that no process is in, no running process created and that are older
     * than a minute: a SIGKILLed kbench's (its brokers' watchdogs ended them, their groups stayed). A group a process is in (a detached
     * cluster's broker) stays, as does every group of a kbench still running, whose brokers may be between a kill and
     * a restart; a group of an older kbench, without an owner in its name, goes once empty. The kernel refuses to
     * remove a group that is in use, so a race with a process joining one loses nothing. Never throws.
     */
    static void removeStale(Path root) {
        List<Path> parents = unified(root) ? List.of(root.resolve(PARENT))
                : V1_CONTROLLERS.stream().map(c -> root.resolve(c).resolve(PARENT)).toList();
        for (Path parent : parents) {
            if (!Files.isDirectory(parent)) {
                continue;
            }
            try (Stream<Path> groups = Files.list(parent)) {
                groups.filter(Files::isDirectory).filter(Cgroups::stale).forEach(Cgroups::removeQuietly);
            } catch (IOException | UncheckedIOException unreadable) {
                // Another kbench's groups are not this run's business if they cannot even be listed.
            }
        }
    }

    private static boolean stale(Path group) {
        Matcher m = OWNER.matcher(group.getFileName().toString());
        if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            // A group made a moment ago, whose broker has not joined yet, by a kbench whose pid this one cannot see
            // (another pid namespace on the same cgroupfs): a minute is far longer than a start takes.
            if (Files.getLastModifiedTime(group).toMillis() > System.currentTimeMillis() - STALE_AFTER_MS) {
                return false;
            }
        } catch (IOException unreadable) {
            return false;
        }
        Path procs = group.resolve("cgroup.procs");
        try {
            return !Files.exists(procs) || Files.readString(procs).isBlank();
        } catch (IOException unreadable) {
            return false;
        }
    }

    private static void removeQuietly(Path group) {
        try {
            Files.deleteIfExists(group);
        } catch (IOException inUse) {
            // Joined meanwhile, or not ours to remove: it stays.
        }
    }

    /** Whether the unified (v2) hierarchy is mounted at the root rather than per-controller v1 hierarchies. */
    static boolean unified(Path root) {
        return Files.isRegularFile(root.resolve("cgroup.controllers"));
    }

    /**
     * Creates the broker's groups and writes its limits; returns the {@code cgroup.procs} files the broker joins.
     * Fails with one line naming the limit when the kernel or permissions do not allow it.
     */
    static Group create(Path root, String name, ResourceLimits limits, Path dataDir) {
        removeStale(root);
        List<Path> dirs = new ArrayList<>();
        try {
            if (unified(root)) {
                Path dir = mkdirs(root, "cluster.limits", root.resolve(PARENT).resolve(name), dirs);
                enableV2Controllers(root, limits);
                write(dir, "cpuset.cpus", limits.cpus(), "cluster.limits.cpus");
                write(dir, "cpu.max", limits.cpuQuotaMicros() == null ? null
                        : limits.cpuQuotaMicros() + " " + ResourceLimits.CPU_PERIOD_MICROS, "cluster.limits.cpuQuota");
                write(dir, "memory.max", str(limits.memoryBytes()), "cluster.limits.memory");
                if (limits.disk()) {
                    write(dir, "io.max", BlockDevice.of(dataDir) + v2Io(limits), "cluster.limits.disk*");
                }
                return new Group(List.of(dir.resolve("cgroup.procs")), dirs);
            }
            List<Path> procs = new ArrayList<>();
            if (limits.cpus() != null) {
                Path cpuset = root.resolve("cpuset");
                Path dir = mkdirs(cpuset, "cluster.limits.cpus", cpuset.resolve(PARENT).resolve(name), dirs);
                // A new v1 cpuset starts empty, and a child may only use what its parent has: give kbench's all.
                for (String file : List.of("cpuset.cpus", "cpuset.mems")) {
                    if (read(cpuset.resolve(PARENT).resolve(file)).isEmpty()) {
                        write(cpuset.resolve(PARENT), file, read(cpuset.resolve(file)), "cluster.limits.cpus");
                    }
                }
                write(dir, "cpuset.cpus", limits.cpus(), "cluster.limits.cpus");
                write(dir, "cpuset.mems", read(root.resolve("cpuset").resolve("cpuset.mems")), "cluster.limits.cpus");
                procs.add(dir.resolve("cgroup.procs"));
            }
            if (limits.cpu()) {
                Path dir = mkdirs(root.resolve("cpu"), "cluster.limits.cpuQuota", root.resolve("cpu").resolve(PARENT).resolve(name), dirs);
                write(dir, "cpu.cfs_period_us", String.valueOf(ResourceLimits.CPU_PERIOD_MICROS), "cluster.limits.cpuQuota");
                write(dir, "cpu.cfs_quota_us", str(limits.cpuQuotaMicros()), "cluster.limits.cpuQuota");
                procs.add(dir.resolve("cgroup.procs"));
            }
            if (limits.memoryBytes() != null) {
                Path dir = mkdirs(root.resolve("memory"), "cluster.limits.memory", root.resolve("memory").resolve(PARENT).resolve(name), dirs);
                write(dir, "memory.limit_in_bytes", str(limits.memoryBytes()), "cluster.limits.memory");
                procs.add(dir.resolve("cgroup.procs"));
            }
            if (limits.disk()) {
                Path dir = mkdirs(root.resolve("blkio"), "cluster.limits.disk*", root.resolve("blkio").resolve(PARENT).resolve(name), dirs);
                String device = BlockDevice.of(dataDir);
                write(dir, "blkio.throttle.read_bps_device", line(device, limits.diskReadBytesPerSec()), "cluster.limits.diskReadBytesPerSec");
                write(dir, "blkio.throttle.write_bps_device", line(device, limits.diskWriteBytesPerSec()), "cluster.limits.diskWriteBytesPerSec");
                write(dir, "blkio.throttle.read_iops_device", line(device, limits.diskReadIops()), "cluster.limits.diskReadIops");
                write(dir, "blkio.throttle.write_iops_device", line(device, limits.diskWriteIops()), "cluster.limits.diskWriteIops");
                procs.add(dir.resolve("cgroup.procs"));
            }
            return new Group(procs, dirs);
        } catch (RuntimeException e) {
            new Group(List.of(), dirs).remove();
            throw e;
        }
    }

    private static void enableV2Controllers(Path root, ResourceLimits limits) {
        List<String> wanted = new ArrayList<>();
        if (limits.cpus() != null) {
            wanted.add("+cpuset");
        }
        if (limits.cpu()) {
            wanted.add("+cpu");
        }
        if (limits.memoryBytes() != null) {
            wanted.add("+memory");
        }
        if (limits.disk()) {
            wanted.add("+io");
        }
        for (Path dir : List.of(root, root.resolve(PARENT))) {
            write(dir, "cgroup.subtree_control", String.join(" ", wanted), "cluster.limits");
        }
    }

    private static String v2Io(ResourceLimits l) {
        StringBuilder sb = new StringBuilder();
        append(sb, "rbps", l.diskReadBytesPerSec());
        append(sb, "wbps", l.diskWriteBytesPerSec());
        append(sb, "riops", l.diskReadIops());
        append(sb, "wiops", l.diskWriteIops());
        return sb.toString();
    }

    private static void append(StringBuilder sb, String key, Long value) {
        if (value != null) {
            sb.append(' ').append(key).append('=').append(value);
        }
    }

    private static String line(String device, Long value) {
        return value == null ? null : device + " " + value;
    }

    private static String str(Long value) {
        return value == null ? null : value.toString();
    }

    private static Path mkdirs(Path controller, String field, Path dir, List<Path> created) {
        if (!Files.isDirectory(controller)) {
            throw new InvalidInputException(field + ": cannot apply: no cgroup hierarchy at " + controller
                    + " (the kernel's cgroups must be mounted there, v1 or v2)");
        }
        try {
            for (Path d : List.of(dir.getParent(), dir)) {
                if (!Files.isDirectory(d)) {
                    Files.createDirectory(d);
                }
                // Removed at the end even when an earlier start of this broker created it (a restart rejoins the
                // group its killed predecessor left); the kernel refuses to remove a group still in use.
                if (!created.contains(d)) {
                    created.add(0, d);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new InvalidInputException(field + ": cannot apply: cannot create cgroup " + dir + " (" + e.getMessage()
                    + "); kbench needs root or a delegated cgroup to set limits");
        }
    }

    private static void write(Path dir, String file, String value, String field) {
        if (value == null) {
            return;
        }
        try {
            Files.writeString(dir.resolve(file), value);
        } catch (IOException e) {
            throw new InvalidInputException(field + ": cannot apply: the kernel refused " + file + " = " + value + " ("
                    + e.getMessage() + ")");
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new RunFailedException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A broker's groups.
     *
     * @param procs the {@code cgroup.procs} files the broker joins
     * @param dirs  the groups' directories, deepest first, removed when the broker is gone
     */
    record Group(List<Path> procs, List<Path> dirs) {
        /** Removes the groups; a group still holding a process stays (the kernel refuses) and is reported by nobody. */
        void remove() {
            for (Path d : dirs) {
                try {
                    Files.deleteIfExists(d);
                } catch (IOException stillInUse) {
                    // The parent "kbench" group is shared with other brokers; an rmdir of a busy group fails harmlessly.
                }
            }
        }
    }
}
