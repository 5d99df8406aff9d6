package io.kbench.cli;

import io.kbench.cluster.ClientCpus;
import io.kbench.error.InvalidInputException;
import io.kbench.experiment.ClusterTarget;
import io.kbench.experiment.RunContext;
import io.kbench.result.Environment;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where a command's load goes: an existing cluster (--bootstrap-server, ...) or an embedded one (--brokers, ...). */
public final class TargetOptions {
    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Mixin
    EmbeddedOptions embedded = new EmbeddedOptions();

    @Mixin
    ClientJvm clientJvm = new ClientJvm();

    /** CPUs the load generator (this JVM) may run on. */
    @Option(names = "--client-cpus", paramLabel = "CPUS",
            description = "Hold kbench's own JVM (the load generator) to these CPUs, e.g. 0 or 0-1 (a cpuset cgroup; needs "
                    + "root or a delegated cgroup). Brokers kbench starts are not held to them.")
    String clientCpus;

    /** Applies --client-cpus, once the command is past its checks and about to put load on a cluster. */
    void restrictClientCpus() {
        if (clientCpus != null) {
            ClientCpus.restrict(clientCpus.trim());
            Environment.clientCpus(clientCpus.trim());
        }
    }

    /** The connection properties, refusing a mix of --bootstrap-server and embedded-cluster options. */
    Map<String, String> connectionProperties() {
        Map<String, String> conn = connection.properties();
        if (clusterTarget(conn).external() && embedded.anyGiven()) {
            throw new InvalidInputException("--bootstrap-server conflicts with embedded-cluster options"
                    + " (--brokers, --data-dir, --keep-data, --broker-*, --security and its options): use one or the other");
        }
        return conn;
    }

    /** External when {@code conn} names bootstrap servers, else an embedded cluster built from the --broker* options. */
    ClusterTarget clusterTarget(Map<String, String> conn) {
        return ClusterTarget.of(conn, (spec, faults, logDir) -> embedded.toParams(spec, faults, logDir, connection.unchecked()));
    }

    /** The run context's cluster section: the connection properties and where they lead. */
    RunContext.Cluster cluster() {
        Map<String, String> conn = connectionProperties();
        return new RunContext.Cluster(conn, clusterTarget(conn));
    }
}
