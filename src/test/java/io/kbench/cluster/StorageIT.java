package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kbench.cli.CliRun;
import io.kbench.result.run.StorageInfo;
import io.kbench.testkit.ItFixture;
import io.kbench.testkit.KbenchProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster.storage} on real brokers: a short run on each filesystem puts the broker's log dirs on that
 * filesystem with the options asked (as /proc/self/mountinfo lists them while the run is on), records it in
 * result.json and releases every mount, loop device and image afterwards; a SIGKILLed kbench leaves none either. One
 * broker at a time, 1 s measured windows. Needs root (CI runs as root); skipped otherwise, and a filesystem whose mkfs
 * is not installed is skipped with a line saying so.
 */
@EmbeddedKafka
class StorageIT {
    @TempDir
    Path dir;

    private KbenchProcess kbench;

    @BeforeAll
    static void root() throws IOException {
        assumeTrue(((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0,
                "cluster.storage mounts filesystems and attaches loop devices, which needs root");
    }

    @AfterEach
    void killLeftovers() {
        if (kbench != null) {
            kbench.close();
        }
    }

    @Test
    void eachFilesystemHoldsTheLogDirsWithItsOptionsAndIsReleased() throws Exception {
        for (String fs : List.of("ext4", "xfs", "btrfs", "tmpfs")) {
            if (!fs.equals("tmpfs") && !toolPresent("mkfs." + fs)) {
                System.out.println("StorageIT: skipping " + fs + ": mkfs." + fs + " is not installed (apt-get install -y "
                        + (fs.equals("xfs") ? "xfsprogs" : fs.equals("btrfs") ? "btrfs-progs" : "e2fsprogs") + ")");
                continue;
            }
            int dataDirs = fs.equals("xfs") ? 2 : 1;
            Path data = dir.resolve(fs + "-cluster");
            Path results = dir.resolve(fs + "-results");
            Path workload = workload(fs, dataDirs, "1s");
            CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("run", workload.toString(),
                    "--data-dir", data.toString(), "--results-dir", results.toString(), "--no-telemetry"));
            List<String> mounts = awaitMounts(data, dataDirs, run);
            CliRun done = run.get(180, TimeUnit.SECONDS);
            assertThat(done.exitCode()).as(done.transcript()).isZero();

            assertThat(mounts).as(fs + " mounts while the run was on").hasSize(dataDirs);
            for (String line : mounts) {
                // id parent major:minor root mountpoint options ... - fstype source superoptions
                String[] f = line.split(" ");
                int dash = List.of(f).indexOf("-");
                assertThat(f[dash + 1]).as(line).isEqualTo(fs);
                assertThat(List.of(f[5].split(","))).as(line).contains("noatime");
            }
            StorageInfo storage = ItFixture.onlyRun(results).storage();
            assertThat(storage.filesystem()).isEqualTo(fs);
            assertThat(storage.options()).isEqualTo("noatime");
            assertThat(storage.sizeBytes()).isEqualTo(512L << 20);
            List<StorageInfo.Dir> dirs = storage.brokers().get(0).dirs();
            assertThat(dirs.size()).isEqualTo(dataDirs);
            assertThat(dirs.get(0).mount()).startsWith(fs + " ").contains("noatime");
            assertThat(dirs.get(0).device()).matches(fs.equals("tmpfs") ? "tmpfs" : "/dev/loop[0-9]+");
            try (var entries = Files.list(data.resolve("broker-1").resolve("disk-1"))) {
                assertThat(entries.toList()).as("unmounted: the mount point is an empty directory again").isEmpty();
            }
            assertReleased(data);
        }
    }

    @Test
    void sigkilledKbenchLeavesNoMountNorLoopDevice() throws Exception {
        Path data = dir.resolve("killed-cluster");
        Path workload = workload("ext4", 2, "120s");
        kbench = KbenchProcess.start(ItFixture.kbenchJvm("run", workload.toString(), "--data-dir", data.toString(),
                "--results-dir", dir.resolve("killed-results").toString(), "--no-telemetry"),
                line -> line.startsWith("cluster: storage:"));
        assertThat(kbench.awaitLine(60)).as(kbench.transcript()).isTrue();
        // Killed once the broker has formatted both data dirs, so it holds files open on the mounts (a busy unmount),
        // without waiting for the whole cluster to be ready.
        Path formatted = data.resolve("broker-1").resolve("disk-2").resolve("data").resolve("meta.properties");
        long ready = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(formatted) && kbench.process().isAlive() && System.nanoTime() < ready) {
            Thread.sleep(100);
        }
        kbench.children();
        assertThat(formatted).as(kbench.transcript()).exists();
        assertThat(mountsUnder(data)).as(kbench.transcript()).hasSize(2);
        assertThat(loopsUnder(data)).as("loop devices while running").hasSize(2);

        kbench.process().destroyForcibly();
        assertThat(kbench.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        // The guard unmounts once the broker, which sees its parent gone, has exited (a forced halt after 20 s).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while ((!mountsUnder(data).isEmpty() || !loopsUnder(data).isEmpty()) && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertReleased(data);
    }

    /** A short workload on {@code fs}; {@code duration} is the measured window. */
    private Path workload(String fs, int dataDirs, String duration) throws IOException {
        Path file = dir.resolve("storage-" + fs + "-" + duration + ".yaml");
        Files.writeString(file, String.join("\n",
                "name: storage-" + fs,
                "topic: {name: storage-" + fs + ", partitions: 2, replicationFactor: 1}",
                "producers: {count: 1, rate: 500, duration: " + duration + ", warmupDuration: 0s, recordSize: 256}",
                "consumers: {mode: none}",
                "cluster:",
                "  heap: 256m",
                "  storage: {filesystem: " + fs + ", options: noatime, size: 512MiB, dataDirs: " + dataDirs + "}",
                ""));
        return file;
    }

    /** Polls mountinfo until {@code count} mounts are under {@code data}, or the run ends. */
    private static List<String> awaitMounts(Path data, int count, CompletableFuture<CliRun> run) throws Exception {
        List<String> seen = List.of();
        while (!run.isDone()) {
            List<String> now = mountsUnder(data);
            if (now.size() >= count) {
                // Mounted one after another: wait until the broker is using them, so the options are final.
                seen = now;
                if (Files.isDirectory(data.resolve("broker-1").resolve("disk-1").resolve("data"))) {
                    return seen;
                }
            }
            Thread.sleep(50);
        }
        return seen;
    }

    private void assertReleased(Path data) throws Exception {
        assertThat(mountsUnder(data)).as("mounts left under " + data).isEmpty();
        assertThat(loopsUnder(data)).as("loop devices left on images under " + data).isEmpty();
        try (var files = Files.walk(data)) {
            assertThat(files.filter(f -> f.toString().endsWith(".img")).toList()).as("image files left").isEmpty();
        }
    }

    private static List<String> mountsUnder(Path data) throws IOException {
        if (!Files.exists(data)) {
            return List.of();
        }
        String prefix = " " + data.toRealPath() + "/";
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            if (line.contains(prefix)) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** {@code losetup -a} lines whose image is under {@code data}. */
    private static List<String> loopsUnder(Path data) throws Exception {
        Process p = new ProcessBuilder(program("losetup"), "-a").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        if (!Files.exists(data)) {
            return List.of();
        }
        String real = data.toRealPath().toString();
        return out.lines().filter(l -> l.contains(real)).toList();
    }

    private static boolean toolPresent(String name) {
        return Files.isExecutable(Path.of(program(name)));
    }

    private static String program(String name) {
        for (String d : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            if (Files.isExecutable(Path.of(d, name))) {
                return d + "/" + name;
            }
        }
        return "/nonexistent/" + name;
    }
}
