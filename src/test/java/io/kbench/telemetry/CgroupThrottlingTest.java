package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.kbench.result.telemetry.TelemetryMetric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Throttling read from cpu.stat: against directories laid out like /proc and /sys/fs/cgroup, and a real group. */
class CgroupThrottlingTest {
    @TempDir
    Path dir;

    private Path proc(long pid, String cgroupFile) throws IOException {
        Path proc = Files.createDirectories(dir.resolve("proc").resolve(Long.toString(pid)));
        Files.writeString(proc.resolve("cgroup"), cgroupFile);
        return dir.resolve("proc");
    }

    @Test
    void v1CountsTheThrottledShareOfPeriodsAndTheTimeWaitedPerInterval() throws IOException {
        Path group = Files.createDirectories(dir.resolve("cgroup/cpu,cpuacct/kbench/c1-broker-1"));
        Files.writeString(group.resolve("cpu.cfs_quota_us"), "50000\n");
        Files.writeString(group.resolve("cpu.stat"), "nr_periods 100\nnr_throttled 10\nthrottled_time 2000000000\n");
        Path proc = proc(42, "4:memory:/\n2:cpu,cpuacct:/kbench/c1-broker-1\n0::/\n");
        CgroupThrottling t = CgroupThrottling.of(proc, dir.resolve("cgroup"), 42);
        assertThat(t).isNotNull();
        Sample first = new Sample("broker-1", 0);
        t.sample(first);
        assertThat(first.values()).isEmpty();
        Files.writeString(group.resolve("cpu.stat"), "nr_periods 110\nnr_throttled 16\nthrottled_time 2300000000\n");
        Sample second = new Sample("broker-1", 1);
        t.sample(second);
        assertThat(second.values()).containsEntry(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT, 60.0)
                .containsEntry(TelemetryMetric.BROKER_CPU_THROTTLED_MS, 300.0);
    }

    @Test
    void v2ReadsMicrosecondsAndAGroupWithoutAQuotaHasNoSeries() throws IOException {
        Path root = Files.createDirectories(dir.resolve("cgroup"));
        Files.writeString(root.resolve("cgroup.controllers"), "cpu memory\n");
        Path group = Files.createDirectories(root.resolve("kbench/c2-broker-1"));
        Files.writeString(group.resolve("cpu.max"), "50000 100000\n");
        Files.writeString(group.resolve("cpu.stat"), "usage_usec 5\nnr_periods 10\nnr_throttled 0\nthrottled_usec 0\n");
        CgroupThrottling t = CgroupThrottling.of(proc(7, "0::/kbench/c2-broker-1\n"), root, 7);
        t.sample(new Sample("broker-1", 0));
        Files.writeString(group.resolve("cpu.stat"), "usage_usec 9\nnr_periods 20\nnr_throttled 5\nthrottled_usec 40000\n");
        Sample s = new Sample("broker-1", 1);
        t.sample(s);
        assertThat(s.values()).containsEntry(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT, 50.0)
                .containsEntry(TelemetryMetric.BROKER_CPU_THROTTLED_MS, 40.0);
        Files.writeString(group.resolve("cpu.max"), "max 100000\n");
        assertThat(CgroupThrottling.of(proc(7, "0::/kbench/c2-broker-1\n"), root, 7)).isNull();
        assertThat(CgroupThrottling.of(dir.resolve("proc"), root, 0)).isNull();
        assertThat(CgroupThrottling.of(dir.resolve("proc"), root, 99)).as("no such process").isNull();
    }

    /** A real CPU-bound process in a real v1 group held to a tenth of a core: throttled in most periods. */
    @Test
    void aBusyProcessHeldToATenthOfACoreIsThrottledInMostPeriods() throws Exception {
        Path cpu = Path.of("/sys/fs/cgroup/cpu");
        assumeThat(Files.isWritable(cpu) && !Files.exists(Path.of("/sys/fs/cgroup/cgroup.controllers"))).as("cgroup v1, writable")
                .isTrue();
        Path group = cpu.resolve("kbench-test-throttling-" + ProcessHandle.current().pid());
        Files.createDirectories(group);
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            Files.writeString(group.resolve("cpu.cfs_period_us"), "100000");
            Files.writeString(group.resolve("cpu.cfs_quota_us"), "10000");
            Files.writeString(group.resolve("cgroup.procs"), Long.toString(busy.pid()));
            CgroupThrottling t = CgroupThrottling.of(busy.pid());
            assertThat(t).isNotNull();
            t.sample(new Sample("broker-1", 0));
            long ticksBefore = cpuTicks(busy.pid());
            Thread.sleep(1_000);
            Sample s = new Sample("broker-1", 1);
            t.sample(s);
            // Its precondition, measured: a machine busy with other work (a CI unit run beside two builds) may not give
            // the process even its tenth, and a group that never reaches its quota is not throttled.
            long usedMs = (cpuTicks(busy.pid()) - ticksBefore) * 10;
            assumeThat(usedMs).as("CPU the busy process got in 1 s (ms), of its 100 ms quota").isGreaterThanOrEqualTo(80);
            assertThat(s.values().get(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT)).isGreaterThan(50.0);
            assertThat(s.values().get(TelemetryMetric.BROKER_CPU_THROTTLED_MS)).isGreaterThan(300.0);
        } finally {
            busy.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            for (int i = 0; i < 50 && Files.exists(group); i++) {
                try {
                    Files.delete(group);
                } catch (IOException e) {
                    Thread.sleep(100); // the killed process leaves the group a moment later
                }
            }
        }
    }

    @Test
    void theCpuControllerIsFoundInAJointV1Mount() {
        assertThat(CgroupThrottling.cpuGroup(List.of("3:cpuset:/", "2:cpu,cpuacct:/x"), Path.of("/nonexistent"))).isNull();
    }

    /** User plus system CPU of {@code pid} in clock ticks (/proc/PID/stat fields 14 and 15; 100 per second on Linux). */
    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
