package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryMetric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CFS bandwidth throttling of a broker kbench launched with a CPU quota ({@code cluster.limits.cpuQuota}): the
 * counters of its cgroup's {@code cpu.stat} (cgroup v1: {@code nr_periods}, {@code nr_throttled},
 * {@code throttled_time} in ns; v2: {@code throttled_usec}), as the kernel's CFS bandwidth control documents them.
 * Per interval: the share of quota periods (100 ms each) in which the group ran out of quota and waited, and the
 * time it waited. A record that reaches a broker in a throttled period waits for the next period, which is the floor
 * under the end-to-end latency of quota-limited brokers that the diagnosis names.
 */
final class CgroupThrottling {
    private static final Path PROC = Path.of("/proc");
    private static final Path CGROUP = Path.of("/sys/fs/cgroup");

    private final Path cpuStat;
    private long periods = -1;
    private long throttled;
    private long throttledNanos;

    private CgroupThrottling(Path cpuStat) {
        this.cpuStat = cpuStat;
    }

    /** The throttling of process {@code pid}'s cgroup, or null when it has none to read (no pid, no CPU quota). */
    static CgroupThrottling of(long pid) {
        return of(PROC, CGROUP, pid);
    }

    static CgroupThrottling of(Path proc, Path cgroupRoot, long pid) {
        if (pid <= 0) {
            return null;
        }
        try {
            Path dir = cpuGroup(Files.readAllLines(proc.resolve(Long.toString(pid)).resolve("cgroup")), cgroupRoot);
            return dir != null && hasQuota(dir) && Files.isReadable(dir.resolve("cpu.stat"))
                    ? new CgroupThrottling(dir.resolve("cpu.stat")) : null;
        } catch (IOException | RuntimeException e) {
            return null; // the process is gone or its cgroup unreadable: no throttling series, never a failed sample
        }
    }

    /** The directory of the group holding the CPU controller, from /proc/PID/cgroup; null when there is none. */
    static Path cpuGroup(List<String> procCgroup, Path root) {
        for (String line : procCgroup) {
            String[] parts = line.split(":", 3);
            if (parts.length < 3 || parts[2].equals("/")) {
                continue;
            }
            String relative = parts[2].substring(1);
            if (parts[1].isEmpty() && Files.isRegularFile(root.resolve("cgroup.controllers"))) {
                return root.resolve(relative); // v2: one unified hierarchy
            }
            if (List.of(parts[1].split(",")).contains("cpu")) {
                for (String mount : List.of(parts[1], "cpu", "cpu,cpuacct")) {
                    Path dir = root.resolve(mount).resolve(relative);
                    if (Files.isDirectory(dir)) {
                        return dir;
                    }
                }
            }
        }
        return null;
    }

    private static boolean hasQuota(Path dir) throws IOException {
        Path v1 = dir.resolve("cpu.cfs_quota_us");
        if (Files.isRegularFile(v1)) {
            return Long.parseLong(Files.readString(v1).strip()) > 0;
        }
        Path v2 = dir.resolve("cpu.max");
        return Files.isRegularFile(v2) && !Files.readString(v2).strip().startsWith("max");
    }

    /**
     * Reads the counters; from the second call on, puts the interval's throttled share and time into {@code out}. A
     * group that is gone for the moment (its broker restarting) gives no values this interval and a new baseline.
     */
    void sample(Sample out) {
        Map<String, Long> stat;
        try {
            stat = parse(Files.readString(cpuStat));
        } catch (IOException e) {
            periods = -1;
            return;
        }
        long p = stat.getOrDefault("nr_periods", 0L);
        long t = stat.getOrDefault("nr_throttled", 0L);
        long nanos = stat.containsKey("throttled_time") ? stat.get("throttled_time")
                : stat.getOrDefault("throttled_usec", 0L) * 1_000;
        if (periods >= 0 && p >= periods) {
            long elapsedPeriods = p - periods;
            out.put(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT,
                    elapsedPeriods == 0 ? 0.0 : 100.0 * (t - throttled) / elapsedPeriods);
            out.put(TelemetryMetric.BROKER_CPU_THROTTLED_MS, (nanos - throttledNanos) / 1e6);
        }
        periods = p;
        throttled = t;
        throttledNanos = nanos;
    }

    static Map<String, Long> parse(String cpuStat) {
        Map<String, Long> values = new HashMap<>();
        for (String line : cpuStat.split("\n")) {
            String[] kv = line.strip().split("\\s+");
            if (kv.length == 2) {
                try {
                    values.put(kv[0], Long.parseLong(kv[1]));
                } catch (NumberFormatException e) {
                    // a field this version does not know: left out
                }
            }
        }
        return values;
    }
}
