package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Holds kbench's own JVM, the load generator, to a CPU set (--client-cpus) with a cpuset cgroup, as S4's undersized
 * load generator or S1's CPU scaling need. Brokers started afterwards would inherit it, so each broker first moves
 * back to the group kbench came from ({@link #escapeProcs()}) before joining its own.
 */
public final class ClientCpus {
    private static final Pattern CPU_LIST = Pattern.compile("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*");
    private static volatile Path originalProcs;

    private ClientCpus() {
    }

    /** Moves this process into a cpuset of {@code cpus}; undone when the JVM exits. One line naming the flag on failure. */
    public static synchronized void restrict(String cpus) {
        if (!CPU_LIST.matcher(cpus).matches()) {
            throw InvalidInputException.field("--client-cpus", cpus, "must be a CPU list like 0, 0-1 or 0,2");
        }
        if (originalProcs != null) {
            return;
        }
        long pid = ProcessHandle.current().pid();
        boolean unified = Cgroups.unified(Cgroups.ROOT);
        Path hierarchy = unified ? Cgroups.ROOT : Cgroups.ROOT.resolve("cpuset");
        Path original = hierarchy.resolve(ownGroup(unified));
        ResourceLimits limits = new ResourceLimits(cpus, null, null, null, null, null, null);
        Cgroups.Group group;
        try {
            group = Cgroups.create(Cgroups.ROOT, Cgroups.owned("client"), limits, Path.of("/"));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(e.getMessage().replace("cluster.limits.cpus", "--client-cpus"), e);
        }
        try {
            Files.writeString(group.procs().get(0), Long.toString(pid));
        } catch (IOException e) {
            group.remove();
            throw new InvalidInputException("--client-cpus: cannot apply: cannot move kbench into " + group.procs().get(0)
                    + " (" + e.getMessage() + ")");
        }
        originalProcs = original.resolve("cgroup.procs");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> release(group, pid), "kbench-client-cpus"));
    }

    /** The group kbench came from, which brokers join so they do not inherit the load generator's CPUs; null if none. */
    static Path escapeProcs() {
        return originalProcs;
    }

    private static void release(Cgroups.Group group, long pid) {
        try {
            Files.writeString(originalProcs, Long.toString(pid));
        } catch (IOException ignored) {
            // The group is removed with the process anyway; an empty kbench group is harmless.
        }
        group.remove();
    }

    /** This process's group in the cpuset (v1) or unified (v2) hierarchy, relative to its root. */
    private static String ownGroup(boolean unified) {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/cgroup"));
            for (String line : lines) {
                String[] f = line.split(":", 3);
                if (unified ? f[0].equals("0") : List.of(f[1].split(",")).contains("cpuset")) {
                    return f[2].startsWith("/") ? f[2].substring(1) : f[2];
                }
            }
        } catch (IOException | RuntimeException e) {
            // Fall through: the root group.
        }
        return "";
    }
}
