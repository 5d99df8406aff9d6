package io.kbench.experiment;

import io.kbench.cluster.ClusterState;
import io.kbench.error.InvalidInputException;
import io.kbench.telemetry.BrokerEndpoint;
import io.kbench.telemetry.TelemetrySettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The telemetry sources of a cluster {@code kbench cluster start} left running on this host, read from its
 * directory's cluster.json: each broker's JMX address and pid, the JMX password kbench wrote there, and the data dir,
 * whose disk and this host's CPU the /proc source reads (the brokers, and any local workers, run on this host).
 * Used for an external run that names no broker source of its own: from {@code --cluster-dir}, or from the default
 * directory when its cluster.json records the run's own bootstrap servers.
 *
 * @param brokers        the brokers to read over JMX
 * @param dataDir        the cluster's data dir on this host
 * @param jmxCredentials user and password from the directory's jmx.password, or null when it has none
 * @param dir            the cluster directory, for the line that says where the sources came from
 */
record StartedClusterTelemetry(List<BrokerEndpoint> brokers, Path dataDir, String[] jmxCredentials, Path dir) {
    /** The directory {@code kbench cluster start} uses without --dir. */
    static final Path DEFAULT_DIR = Path.of("kbench-cluster");
    private static final String FLAG = "--cluster-dir";

    /**
     * The started cluster's sources for a run connecting to {@code bootstrap}; null when there is none to use (no
     * --cluster-dir and the default directory records another cluster or none).
     */
    static StartedClusterTelemetry find(TelemetrySettings settings, String bootstrap) {
        boolean named = settings.clusterDir() != null;
        Path dir = named ? settings.clusterDir() : DEFAULT_DIR;
        if (bootstrap == null || (!named && !Files.isRegularFile(ClusterState.file(dir)))) {
            return null;
        }
        ClusterState state;
        try {
            state = ClusterState.read(dir).orElse(null);
        } catch (InvalidInputException e) {
            if (named) {
                throw InvalidInputException.field(FLAG, dir, "its " + ClusterState.FILE_NAME + " does not read");
            }
            return null;
        }
        if (state == null) {
            throw InvalidInputException.field(FLAG, dir, "no " + ClusterState.FILE_NAME + " there, so no kbench"
                    + " cluster was started in it");
        }
        if (!servers(state.bootstrapServers()).equals(servers(bootstrap))) {
            if (named) {
                throw InvalidInputException.field(FLAG, dir, "its cluster serves " + state.bootstrapServers()
                        + ", not the run's --bootstrap-server " + bootstrap);
            }
            return null;
        }
        List<BrokerEndpoint> brokers = state.brokers().stream().filter(b -> b.jmxAddress() != null)
                .map(b -> new BrokerEndpoint("broker-" + b.id(), b.jmxAddress(), b.pid(), false)).toList();
        Path password = dir.resolve("jmx.password");
        String[] credentials = Files.isRegularFile(password) ? TelemetrySettings.jmxCredentials(password, FLAG) : null;
        return new StartedClusterTelemetry(brokers, Path.of(state.dataDir()), credentials, dir);
    }

    /** A bootstrap list as a set of HOST:PORT, localhost read as 127.0.0.1 (what cluster start records). */
    static Set<String> servers(String bootstrap) {
        return Arrays.stream(bootstrap.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .map(s -> s.toLowerCase(Locale.ROOT).replaceFirst("^localhost:", "127.0.0.1:"))
                .collect(Collectors.toSet());
    }
}
