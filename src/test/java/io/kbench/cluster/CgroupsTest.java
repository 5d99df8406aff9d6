package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.BrokerLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files Cgroups writes, against a directory laid out like /sys/fs/cgroup (v1 and v2). */
class CgroupsTest {
    @TempDir
    Path root;

    private void v1() throws IOException {
        for (String c : List.of("cpuset", "cpu", "memory", "blkio")) {
            Files.createDirectories(root.resolve(c));
        }
        Files.writeString(root.resolve("cpuset/cpuset.cpus"), "0-1\n");
        Files.writeString(root.resolve("cpuset/cpuset.mems"), "0\n");
        // A real cgroupfs creates these files with a new directory; a temp dir does not.
        Files.createDirectories(root.resolve("cpuset/kbench"));
        Files.writeString(root.resolve("cpuset/kbench/cpuset.cpus"), "");
        Files.writeString(root.resolve("cpuset/kbench/cpuset.mems"), "");
    }

    @Test
    void v1WritesEachLimitToItsControllerAndJoinsEveryGroup() throws IOException {
        v1();
        ResourceLimits limits = new ResourceLimits("1", 50_000L, 768L << 20, null, 180L << 20, null, 600L);
        Cgroups.Group g = Cgroups.create(root, "c1-broker-1", limits, Path.of("/"));
        assertThat(Files.readString(root.resolve("cpuset/kbench/c1-broker-1/cpuset.cpus"))).isEqualTo("1");
        assertThat(Files.readString(root.resolve("cpuset/kbench/cpuset.cpus"))).isEqualTo("0-1");
        assertThat(Files.readString(root.resolve("cpu/kbench/c1-broker-1/cpu.cfs_quota_us"))).isEqualTo("50000");
        assertThat(Files.readString(root.resolve("cpu/kbench/c1-broker-1/cpu.cfs_period_us"))).isEqualTo("100000");
        assertThat(Files.readString(root.resolve("memory/kbench/c1-broker-1/memory.limit_in_bytes"))).isEqualTo("805306368");
        String device = BlockDevice.of(Path.of("/"));
        assertThat(Files.readString(root.resolve("blkio/kbench/c1-broker-1/blkio.throttle.write_bps_device")))
                .isEqualTo(device + " " + (180L << 20));
        assertThat(Files.readString(root.resolve("blkio/kbench/c1-broker-1/blkio.throttle.write_iops_device")))
                .isEqualTo(device + " 600");
        assertThat(root.resolve("blkio/kbench/c1-broker-1/blkio.throttle.read_bps_device")).doesNotExist();
        assertThat(g.procs()).hasSize(4).allMatch(p -> p.getFileName().toString().equals("cgroup.procs"));
    }

    @Test
    void groupsNoProcessIsInAndNoRunningKbenchCreatedAreRemovedByTheNextCreate() throws IOException {
        v1();
        long dead = 2_000_000_000L; // above any pid_max: no such process
        Path cpu = root.resolve("cpu/kbench");
        // Like a cgroupfs group, each is a directory; an empty cgroup.procs is a group no process is in.
        Path killedRuns = Files.createDirectories(cpu.resolve("p" + dead + "-c0-broker-1"));
        Path older = Files.createDirectories(cpu.resolve("c0-broker-2"));
        Path detached = Files.createDirectories(cpu.resolve("p" + dead + "-c0-broker-3"));
        Files.writeString(detached.resolve("cgroup.procs"), "4242\n");
        Path running = Files.createDirectories(cpu.resolve(Cgroups.owned("c9-broker-1")));
        Path young = Files.createDirectories(cpu.resolve("p" + dead + "-c0-broker-4"));
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 2 * Cgroups.STALE_AFTER_MS);
        for (Path p : List.of(killedRuns, older, detached, running)) {
            Files.setLastModifiedTime(p, old);
        }

        Cgroups.create(root, "c1-broker-1", new ResourceLimits(null, 50_000L, null, null, null, null, null), Path.of("/"));

        assertThat(killedRuns).as("a SIGKILLed kbench's empty group").doesNotExist();
        assertThat(older).as("an empty group without an owner").doesNotExist();
        assertThat(detached).as("a group a broker is still in").exists();
        assertThat(running).as("a group of a kbench still running (a broker between kill and restart)").exists();
        assertThat(young).as("a group made a moment ago, by a kbench this one cannot see").exists();
        assertThat(cpu.resolve("c1-broker-1")).exists();
        assertThat(Cgroups.owned("x")).isEqualTo("p" + ProcessHandle.current().pid() + "-x");
    }

    @Test
    void v2WritesOneGroupWithEveryController() throws IOException {
        Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        ResourceLimits limits = new ResourceLimits(null, 150_000L, 1L << 30, 100L << 20, null, null, null);
        Cgroups.Group g = Cgroups.create(root, "c2-broker-1", limits, Path.of("/"));
        Path dir = root.resolve("kbench/c2-broker-1");
        assertThat(Files.readString(dir.resolve("cpu.max"))).isEqualTo("150000 100000");
        assertThat(Files.readString(dir.resolve("memory.max"))).isEqualTo(String.valueOf(1L << 30));
        assertThat(Files.readString(dir.resolve("io.max"))).isEqualTo(BlockDevice.of(Path.of("/")) + " rbps=" + (100L << 20));
        assertThat(Files.readString(root.resolve("cgroup.subtree_control"))).isEqualTo("+cpu +memory +io");
        assertThat(g.procs()).containsExactly(dir.resolve("cgroup.procs"));
    }

    @Test
    void aMissingHierarchyIsOneLineNamingTheLimit() {
        ResourceLimits limits = new ResourceLimits(null, null, 1L << 30, null, null, null, null);
        assertThatThrownBy(() -> Cgroups.create(root, "x", limits, Path.of("/"))).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("cluster.limits.memory: cannot apply: no cgroup hierarchy at " + root.resolve("memory"));
    }

    @Test
    void theBrokerJoinsItsGroupsBeforeTheJvmStarts() {
        Cgroups.Group g = new Cgroups.Group(List.of(Path.of("/a/cgroup.procs"), Path.of("/b/cgroup.procs")), List.of());
        assertThat(BrokerLauncher.joining(g, List.of("java", "-cp", "x", "kafka.Kafka")))
                .containsExactly("/bin/sh", "-c", "echo $$ > \"$1\" && echo $$ > \"$2\" && shift 2 && exec \"$@\"",
                        "kbench-broker", "/a/cgroup.procs", "/b/cgroup.procs", "java", "-cp", "x", "kafka.Kafka");
    }

    @Test
    void limitsAreValidatedWhereTheyAreWritten() {
        assertThatThrownBy(() -> new BrokerLimits("0-a", null, null, null, null, null, null))
                .hasMessage("cluster.limits.cpus: must be a CPU list like 0, 0-1 or 0,2 (got 0-a)");
        assertThatThrownBy(() -> new BrokerLimits(null, null, "512MB", null, null, null, null))
                .hasMessageContaining("cluster.limits.memory").hasMessageContaining("binary units");
        assertThatThrownBy(() -> new BrokerLimits(null, 0.0, null, null, null, null, null)).hasMessageContaining("cluster.limits.cpuQuota");
        assertThatThrownBy(() -> new BrokerLimits(null, null, null, null, null, null, 0)).hasMessageContaining("cluster.limits.diskWriteIops");
        assertThat(new BrokerLimits(null, null, "1.5GiB", "180MiB", null, null, null).memoryBytes()).isEqualTo(3L << 29);
        assertThatThrownBy(() -> ClusterTestSupport.params(1, java.util.Map.of())
                .withLimits(new ResourceLimits(null, null, 400L << 20, null, null, null, null)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("cluster.limits.memory").hasMessageContaining("heap (256m)");
    }
}
