package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.kbench.error.InvalidInputException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The storage guard's release script, the host checks and the command runner, without mounting anything. */
class StorageGuardTest {
    @TempDir
    Path dir;

    private static StorageParams params(EmulatedFilesystem fs) {
        return new StorageParams(fs, "noatime", 1L << 30, 2, null);
    }

    @Test
    void onEofTheGuardDeletesEveryImageItWasToldOfAndTriesNoUnmountOfAPathNotMounted() throws Exception {
        Path a = Files.createFile(dir.resolve("a b.img"));
        Path b = Files.createFile(dir.resolve("b.img"));
        Path log = dir.resolve("umount-calls");
        // umount records its calls; mountpoint says "not mounted", so umount must not be called.
        Path umount = script("umount", "echo \"$@\" >> '" + log + "'");
        Process guard = new ProcessBuilder("sh", "-c", StorageGuard.SCRIPT, "guard", umount.toString(), "/bin/false", "")
                .redirectErrorStream(true).start();
        try (OutputStream in = guard.getOutputStream()) {
            in.write(("image " + a + "\nmount " + dir.resolve("mnt") + "\nimage " + b + "\n").getBytes(StandardCharsets.UTF_8));
        }
        assertThat(guard.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(a).doesNotExist();
        assertThat(b).doesNotExist();
        assertThat(log).doesNotExist();
    }

    @Test
    void aBusyMountIsRetriedThenUnmounted() throws Exception {
        Path calls = dir.resolve("calls");
        Path mounted = Files.createFile(dir.resolve("mounted"));
        // The first umount fails (busy), the second succeeds and the mount is gone.
        Path umount = script("umount", "echo \"$@\" >> '" + calls + "'; [ $(wc -l < '" + calls + "') -ge 2 ] && rm -f '"
                + mounted + "'");
        Path mountpoint = script("mountpoint", "[ -e '" + mounted + "' ]");
        Process guard = new ProcessBuilder("sh", "-c", StorageGuard.SCRIPT, "guard", umount.toString(),
                mountpoint.toString(), "").redirectErrorStream(true).start();
        try (OutputStream in = guard.getOutputStream()) {
            in.write(("mount " + dir.resolve("m 1") + "\n").getBytes(StandardCharsets.UTF_8));
        }
        assertThat(guard.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readAllLines(calls)).containsExactly(dir.resolve("m 1").toString(), dir.resolve("m 1").toString());
    }

    @Test
    void notRootIsOneLineNamingTheFieldBeforeAnythingStarts() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StorageHost.check(params(EmulatedFilesystem.XFS), 3, 1000))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.storage")
                .hasMessageContaining("needs root").hasMessageContaining("uid 1000").hasMessageNotContaining("\n");
    }

    @Test
    void aMissingProgramNamesItsPackage() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StorageHost.program("mkfs.nosuchfs"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mkfs.nosuchfs")
                .hasMessageContaining("program not found");
        assertThat(StorageHost.tools(EmulatedFilesystem.TMPFS)).doesNotContain("losetup");
        assertThat(StorageHost.tools(EmulatedFilesystem.BTRFS)).contains("losetup", "mkfs.btrfs");
    }

    @Test
    void commandsAreBoundedAndFailuresOneLine() {
        SystemCommand.Outcome slow = SystemCommand.run(List.of("sleep", "5"), Duration.ofMillis(200));
        assertThat(slow.exitCode()).isEqualTo(-1);
        assertThat(slow.output()).contains("did not finish");
        SystemCommand.Outcome failed = SystemCommand.run(List.of("sh", "-c", "echo one; echo two >&2; exit 3"),
                Duration.ofSeconds(10));
        assertThat(failed.exitCode()).isEqualTo(3);
        assertThat(failed.oneLine()).isEqualTo("one; two");
        assertThat(SystemCommand.run(List.of("/nonexistent/tool"), Duration.ofSeconds(5)).exitCode()).isEqualTo(127);
    }

    @Test
    void sizesAreWholeMebibytesAndDiskLimitsAreRefusedWithStorage() {
        assertThat(new StorageParams(EmulatedFilesystem.EXT4, null, (1L << 30) + 12345, 1, null).sizeBytes())
                .isEqualTo(1L << 30);
        ResourceLimits disk = new ResourceLimits(null, null, null, null, 100L << 20, null, null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ClusterParams.of(1).withStorage(params(EmulatedFilesystem.EXT4))
                        .withLimits(disk))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.limits")
                .hasMessageContaining("cluster.storage");
    }

    @Test
    void logDirsAreADataDirectoryInsideEachMount() {
        assertThat(StorageMounts.logDirs(Path.of("/c"), 2, params(EmulatedFilesystem.XFS)))
                .containsExactly(Path.of("/c/broker-2/disk-1/data"), Path.of("/c/broker-2/disk-2/data"));
    }

    /** Mounting for real needs root: a tmpfs data dir mounted, listed and released, with no broker. */
    @Test
    void aTmpfsDataDirIsMountedWithItsOptionsAndReleased() throws Exception {
        assumeThat(StorageHost.uid()).as("mounting needs root").isZero();
        StorageParams tmpfs = new StorageParams(EmulatedFilesystem.TMPFS, "noatime", 64L << 20, 2, null);
        StorageMounts mounts = StorageMounts.mount(tmpfs, dir, List.of(1), "t", dir.resolve("logs"),
                new java.io.PrintStream(OutputStream.nullOutputStream()));
        try {
            assertThat(mounts.disks()).hasSize(2);
            for (StorageDisk d : mounts.disks()) {
                assertThat(d.mount()).startsWith("tmpfs kbench-tmpfs on " + d.logDir().getParent()).contains("noatime");
                assertThat(d.logDir()).isDirectory();
            }
        } finally {
            mounts.release();
        }
        assertThat(Files.readString(Path.of("/proc/self/mountinfo"))).doesNotContain(dir.toString());
    }

    @Test
    void aMountTheKernelRefusesIsOneLineNamingTheOptionsAndLeavesNothing() throws Exception {
        assumeThat(StorageHost.uid()).as("mounting needs root").isZero();
        StorageParams bad = new StorageParams(EmulatedFilesystem.TMPFS, "nosuchoption", 64L << 20, 1, null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StorageMounts.mount(bad, dir, List.of(1), "t",
                        dir.resolve("logs"), new java.io.PrintStream(OutputStream.nullOutputStream())))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cluster.storage.options")
                .hasMessageContaining("nosuchoption").hasMessageNotContaining("\n");
        assertThat(Files.readString(Path.of("/proc/self/mountinfo"))).doesNotContain(dir.toString());
    }

    private Path script(String name, String body) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        file.toFile().setExecutable(true);
        return file;
    }

}
