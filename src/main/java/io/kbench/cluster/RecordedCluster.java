package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A cluster known only by the cluster.json in its directory: its status and stopping it from any process. Stopping
 * keeps its data and cluster.json unless asked to delete them, so status then reports the brokers as dead.
 */
public final class RecordedCluster {
    private RecordedCluster() {
    }

    /** The recorded state of the cluster in {@code dir} and which of its brokers still run. */
    public static ClusterStatus status(Path dir) {
        ClusterState state = requireState(dir.toAbsolutePath().normalize());
        List<BrokerStatus> brokers = state.brokers().stream()
                .map(b -> new BrokerStatus(b.id(), b.pid(), b.port(), b.isRunning()))
                .toList();
        return new ClusterStatus(state, brokers);
    }

    /** Stops the cluster recorded in {@code dir}; with {@code deleteData} also removes what kbench wrote there. */
    public static ClusterStatus stop(Path dir, boolean deleteData) {
        Path absoluteDir = dir.toAbsolutePath().normalize();
        ClusterStatus before = status(absoluteDir);
        // Only processes whose command line still names this dir's broker config: a recycled pid is left alone.
        List<ProcessHandle> running = before.state().brokers().stream()
                .flatMap(b -> b.process().stream())
                .toList();
        ProcessStopper.stop(running, ProcessStopper.DEFAULT_GRACE);
        List<Long> survivors = running.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
        if (!survivors.isEmpty()) {
            throw new RunFailedException("could not stop broker pids " + survivors);
        }
        if (deleteData) {
            deleteClusterFiles(absoluteDir, before.state());
        }
        return before;
    }

    private static ClusterState requireState(Path dir) {
        return ClusterState.read(dir).orElseThrow(() -> InvalidInputException.field("dir", dir,
                "no " + ClusterState.FILE_NAME + " there, so no kbench cluster was started in it"));
    }

    /** Deletes only what kbench created in {@code dir}, in case it also holds the user's own files. */
    private static void deleteClusterFiles(Path dir, ClusterState state) {
        for (ClusterState.Broker b : state.brokers()) {
            DataDirectory.deleteIfCreated(dir.resolve("broker-" + b.id()));
        }
        ClusterState.delete(dir);
        Path clientProperties = dir.resolve(EmbeddedCluster.CLIENT_PROPERTIES);
        try {
            Files.deleteIfExists(clientProperties);
        } catch (IOException e) {
            throw new RunFailedException("cannot delete " + clientProperties + ": " + e.getMessage(), e);
        }
        DataDirectory.delete(dir.resolve(JmxAddressFile.FILE_NAME));
        DataDirectory.delete(dir.resolve(JmxAccess.PASSWORD_FILE));
        DataDirectory.delete(dir.resolve(JmxAccess.ACCESS_FILE));
        Path logDir = Path.of(state.logDir());
        if (logDir.startsWith(dir)) {
            DataDirectory.deleteIfCreated(logDir);
        }
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(dir);
            }
        } catch (IOException e) {
            throw new RunFailedException("cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }
}
