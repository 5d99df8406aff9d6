package io.kbench.cluster;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kbench.error.InvalidInputException;
import io.kbench.error.RunFailedException;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a running cluster left in {@value #FILE_NAME} of its data dir, so another kbench process can find,
 * check and stop it.
 */
public record ClusterState(
        int brokerCount,
        String bootstrapServers,
        String dataDir,
        String logDir,
        String clusterId,
        String kafkaVersion,
        String brokerJavaVersion,
        boolean attached,
        Instant startedAt,
        List<Broker> brokers) {

    /** The file name inside the cluster's data dir. */
    public static final String FILE_NAME = "cluster.json";

    // Tolerant: a newer kbench may record more; an older one can still find and stop the brokers.
    private static final ObjectMapper JSON = StrictMapper.tolerantJson().enable(SerializationFeature.INDENT_OUTPUT);

    public ClusterState {
        brokers = brokers == null ? List.of() : List.copyOf(brokers);
    }

    /**
     * One broker process: its node id, pid, ports and the server.properties that identifies its command line;
     * {@code jmxPort} is 0 in state files written before brokers exposed JMX.
     */
    public record Broker(int id, long pid, int port, int controllerPort, String propertiesFile, int jmxPort) {

        /** The broker's JMX address on loopback, or null when the state file predates it. */
        @JsonIgnore
        public String jmxAddress() {
            return jmxPort == 0 ? null : "127.0.0.1:" + jmxPort;
        }

        /** True if the pid is alive and still runs this broker (not a process that recycled the pid). */
        @JsonIgnore
        public boolean isRunning() {
            return process().isPresent();
        }

        /** The live process of this broker, if any. */
        Optional<ProcessHandle> process() {
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(this::isThisBroker);
        }

        private boolean isThisBroker(ProcessHandle p) {
            String commandLine = CommandLines.of(p);
            return commandLine.contains(BrokerLauncher.KAFKA_MAIN) && commandLine.contains(propertiesFile);
        }
    }

    /** The path of the state file of the cluster in {@code dir}. */
    public static Path file(Path dir) {
        return dir.resolve(FILE_NAME);
    }

    /** Writes this state atomically into {@code dir}. */
    public void write(Path dir) {
        Path target = file(dir);
        Path tmp = dir.resolve(FILE_NAME + ".tmp");
        try {
            Files.createDirectories(dir);
            JSON.writeValue(tmp.toFile(), this);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /** The state in {@code dir}, or empty if there is no state file. */
    public static Optional<ClusterState> read(Path dir) {
        Path file = file(dir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), ClusterState.class));
        } catch (IOException e) {
            throw new InvalidInputException(file + ": not a kbench cluster state file: " + e.getMessage(), e);
        }
    }

    /** Removes the state file of {@code dir}, if any. */
    static void delete(Path dir) {
        try {
            Files.deleteIfExists(file(dir));
        } catch (IOException e) {
            throw new RunFailedException("cannot delete " + file(dir) + ": " + e.getMessage(), e);
        }
    }

    /** This state with broker {@code id}'s pid replaced (a fault restarted it); other brokers unchanged. */
    public ClusterState withPid(int id, long pid) {
        List<Broker> updated = brokers.stream()
                .map(b -> b.id() == id ? new Broker(b.id(), pid, b.port(), b.controllerPort(), b.propertiesFile(),
                        b.jmxPort()) : b)
                .toList();
        return new ClusterState(brokerCount, bootstrapServers, dataDir, logDir, clusterId, kafkaVersion,
                brokerJavaVersion, attached, startedAt, updated);
    }

    /** This state with broker {@code added} appended (a fault added it to the running cluster). */
    public ClusterState withBroker(Broker added) {
        List<Broker> updated = new ArrayList<>(brokers);
        updated.add(added);
        return new ClusterState(brokerCount + 1, bootstrapServers, dataDir, logDir, clusterId, kafkaVersion,
                brokerJavaVersion, attached, startedAt, updated);
    }

    /** The brokers of this state whose processes are still running. */
    public List<Broker> runningBrokers() {
        return brokers.stream().filter(Broker::isRunning).toList();
    }
}
