package io.kbench.cluster;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.Uuid;

/** What a cluster directory holds from an earlier start: live brokers, formatted storage and its cluster id. */
final class ClusterDirectory {
    private ClusterDirectory() {
    }

    /** SCRAM users are stored by formatting: storage formatted before cannot take them (exit 2). */
    static void refuseScramOnFormatted(ClusterSecurity security, Path dataDir) {
        boolean formatted = Files.isRegularFile(metaProperties(dataDir));
        if (formatted && "SCRAM-SHA-512".equals(security.saslMechanism())) {
            throw InvalidInputException.field("security", security.describe(), "SCRAM users are stored when the"
                    + " storage is formatted, and " + dataDir + " is formatted already; start on a new --dir or"
                    + " after 'kbench cluster stop --delete-data'");
        }
    }

    /** A directory whose recorded brokers still run cannot host a second cluster (exit 2). */
    static void refuseLiveCluster(Path dataDir) {
        ClusterState.read(dataDir).ifPresent(state -> {
            List<Long> live = state.runningBrokers().stream().map(ClusterState.Broker::pid).toList();
            if (!live.isEmpty()) {
                throw InvalidInputException.field("dir", dataDir, "a kbench cluster is already running there"
                        + " (pids " + live + "); stop it with 'kbench cluster stop --dir " + dataDir + "'");
            }
        });
    }

    /** Formatted storage keeps its cluster id; reusing it lets a restart on the same dir find its data. */
    static String existingClusterId(Path dataDir) {
        Path meta = metaProperties(dataDir);
        if (Files.isRegularFile(meta)) {
            try (InputStream in = Files.newInputStream(meta)) {
                Properties p = new Properties();
                p.load(in);
                String id = p.getProperty("cluster.id");
                if (id != null && !id.isBlank()) {
                    return id;
                }
            } catch (IOException e) {
                // Unreadable: a fresh id, and the broker itself will report the broken storage.
            }
        }
        return Uuid.randomUuid().toString();
    }

    private static Path metaProperties(Path dataDir) {
        return dataDir.resolve("broker-1").resolve("data").resolve("meta.properties");
    }
}
