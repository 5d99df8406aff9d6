package io.kbench.experiment;

import io.kbench.cluster.ClusterParams;
import io.kbench.cluster.EmbeddedCluster;
import io.kbench.error.InvalidInputException;
import io.kbench.spec.ClusterSpec;
import io.kbench.spec.FaultSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.utils.Utils;

/**
 * Where an experiment's load goes, decided once (from the connection properties) instead of by every caller
 * looking for {@code bootstrap.servers}.
 */
public sealed interface ClusterTarget permits ClusterTarget.External, ClusterTarget.Embedded, ClusterTarget.Shared {

    /** An existing cluster the user named (--bootstrap-server, or bootstrap.servers in --command-config). */
    record External(String bootstrapServers) implements ClusterTarget {
        /** Each address must be HOST:PORT, as Kafka's clients require; whether it answers is checked later. */
        public External {
            for (String address : bootstrapServers.split(",")) {
                String a = address.strip();
                if (Utils.getHost(a) == null || Utils.getPort(a) == null) {
                    throw InvalidInputException.field("bootstrap.servers", bootstrapServers,
                            "is not a list of HOST:PORT addresses");
                }
            }
        }
    }

    /** kbench starts an embedded cluster for the experiment and stops it afterwards. */
    record Embedded(ParamsFactory params) implements ClusterTarget {
    }

    /** An embedded cluster that a sweep or find-max started and reuses for its runs; a run must not stop it. */
    record Shared(EmbeddedCluster cluster) implements ClusterTarget {
    }

    /**
     * Embedded cluster parameters for a workload's cluster section and faults (a roll's {@code kafkaVersion} is
     * resolved with the cluster's own release, before anything starts), once the broker log directory is known.
     */
    @FunctionalInterface
    interface ParamsFactory {
        ClusterParams create(ClusterSpec cluster, List<FaultSpec> faults, Path logDir);
    }

    /** External when the connection names bootstrap servers, else embedded with {@code embedded}'s parameters. */
    static ClusterTarget of(Map<String, String> connection, ParamsFactory embedded) {
        String servers = connection.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        return servers != null ? new External(servers) : new Embedded(embedded);
    }

    default boolean external() {
        return this instanceof External;
    }
}
