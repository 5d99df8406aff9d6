package io.kbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad cluster.tieredStorage: exit 2, one line naming the field, before any broker starts, nothing left behind. */
class TieredStorageInputErrorsTest {
    // Generous for the first CLI run of a JVM on a shared machine (9.6 s seen); no broker is started either way.
    private static final Duration FAST = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void aClassPathEntryThatDoesNotExistIsNamed() {
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set", "cluster.tieredStorage={remoteStorageManager:"
                        + " com.example.S3RemoteStorageManager, classPath: [/nonexistent/rsm.jar]}")
                .assertOneErrorLine(2, FAST, "cluster.tieredStorage.classPath", "/nonexistent/rsm.jar", "does not exist");
    }

    @Test
    void aClassInNoneOfTheClassPathEntriesIsNamed() throws IOException {
        Path jarDir = Files.createDirectories(dir.resolve("rsm-classes"));
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set", "cluster.tieredStorage={remoteStorageManager:"
                        + " com.example.S3RemoteStorageManager, classPath: [" + jarDir + "]}")
                .assertOneErrorLine(2, FAST, "cluster.tieredStorage.remoteStorageManager",
                        "com.example.S3RemoteStorageManager", "is in none of");
    }

    @Test
    void aClassNotOnKbenchsClassPathNeedsAClassPath() {
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set",
                        "cluster.tieredStorage={remoteStorageManager: com.example.S3RemoteStorageManager}")
                .assertOneErrorLine(2, FAST, "cluster.tieredStorage.remoteStorageManager", "not on kbench's class path");
    }

    @Test
    void aManagerThatIsNotAClassNameIsRefused() {
        CliRun.leavingNothing(dir.resolve("r"), "run", "--set", "cluster.tieredStorage={remoteStorageManager: s3}")
                .assertOneErrorLine(2, FAST, "cluster.tieredStorage.remoteStorageManager", "s3", "local or a fully");
    }

    @Test
    void tieredStorageOnAnExternalClusterIsRefusedBeforeConnecting() {
        // Nothing listens on port 1: the refusal comes before kbench tries to reach the cluster.
        CliRun.leavingNothing(dir.resolve("r"), "run", "--bootstrap-server", "127.0.0.1:1", "--set",
                        "cluster.tieredStorage={remoteStorageManager: local}")
                .assertOneErrorLine(2, FAST, "cluster.tieredStorage", "needs kbench's embedded cluster");
    }
}
