package io.kbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterStateTest {
    @TempDir
    Path dir;

    private ClusterState state(long pid) {
        return new ClusterState(1, "127.0.0.1:4000", dir.toString(), dir.resolve("logs").toString(), "abc",
                "4.3.1", "17.0.15", false, Instant.parse("2026-01-02T03:04:05Z"),
                List.of(new ClusterState.Broker(1, pid, 4000, 4001,
                        dir.resolve("broker-1/server.properties").toString(), 4002)));
    }

    /**
     * Failed before the fix: --delete-data removed DIR/broker-N and DIR/logs whole, even when they held the user's
     * files before kbench ran; now only the directories kbench created (its marker inside) go.
     */
    @Test
    void deleteDataRemovesOnlyTheDirectoriesKbenchCreated() throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("logs"));
        java.nio.file.Files.writeString(dir.resolve("logs/mine.txt"), "the user's own");
        DataDirectory.createMarked(dir.resolve("logs"));
        DataDirectory.createMarked(dir.resolve("broker-1"));
        java.nio.file.Files.writeString(dir.resolve("broker-1/server.properties"), "x=1");
        JmxAccess.create(dir);
        state(Long.MAX_VALUE).write(dir);
        RecordedCluster.stop(dir, true);
        assertThat(dir.resolve("logs/mine.txt")).exists();
        assertThat(dir.resolve("broker-1")).doesNotExist();
        assertThat(dir.resolve("cluster.json")).doesNotExist();
        assertThat(dir.resolve(JmxAccess.PASSWORD_FILE)).doesNotExist();
    }

    /** Failed before the fix: the brokers' JMX agents took no password (authenticate=false). */
    @Test
    void theJmxPasswordFileIsOwnerOnlyAndNamedInTheBrokerFlags() throws Exception {
        JmxAccess.create(dir);
        assertThat(java.nio.file.Files.getPosixFilePermissions(dir.resolve(JmxAccess.PASSWORD_FILE)))
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        String[] credentials = JmxAccess.credentials(dir);
        assertThat(credentials[0]).isEqualTo(JmxAccess.USER);
        assertThat(credentials[1]).hasSize(48);
        JmxAccess.create(dir);
        assertThat(JmxAccess.credentials(dir)[1]).as("kept for a restarted broker").isEqualTo(credentials[1]);
        assertThat(JmxAccess.flags(dir)).contains("-Dcom.sun.management.jmxremote.password.toHashes=false");
        assertThat(JmxAccess.flags(dir)).contains("-Dcom.sun.management.jmxremote.authenticate=true")
                .noneMatch(f -> f.contains(credentials[1]));
        assertThat(dir.resolve(JmxAccess.ACCESS_FILE)).content().isEqualTo("kbench readonly\n");
    }

    @Test
    void roundTripsThroughJson() {
        ClusterState s = state(12345);
        s.write(dir);
        assertThat(ClusterState.read(dir)).contains(s);
        assertThat(dir.resolve("cluster.json")).content().contains("\"bootstrapServers\"", "2026-01-02T03:04:05Z");
    }

    @Test
    void aRestartedBrokersPidReplacesOnlyItsOwn() {
        ClusterState s = new ClusterState(2, "b", dir.toString(), "l", "c", "k", "j", true, Instant.EPOCH,
                List.of(new ClusterState.Broker(1, 100, 1, 2, "p1", 3), new ClusterState.Broker(2, 200, 4, 5, "p2", 6)));
        ClusterState after = s.withPid(2, 999);
        assertThat(after.brokers()).containsExactly(new ClusterState.Broker(1, 100, 1, 2, "p1", 3),
                new ClusterState.Broker(2, 999, 4, 5, "p2", 6));
        assertThat(after.withPid(2, 200)).isEqualTo(s);
    }

    @Test
    void missingFileIsEmpty() {
        assertThat(ClusterState.read(dir)).isEmpty();
    }

    @Test
    void aLivePidThatIsNotThisBrokerIsNotRunning() {
        // This test JVM is alive but is no broker of dir: exactly the recycled-pid case.
        ClusterState s = state(ProcessHandle.current().pid());
        assertThat(s.brokers().get(0).isRunning()).isFalse();
        assertThat(s.runningBrokers()).isEmpty();
    }

    @Test
    void statusOfADirWithoutClusterIsInvalidInput() {
        assertThatThrownBy(() -> RecordedCluster.status(dir))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining(dir.toString());
    }
}
