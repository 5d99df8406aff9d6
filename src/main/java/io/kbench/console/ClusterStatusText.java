package io.kbench.console;

import io.kbench.cluster.BrokerStatus;
import io.kbench.cluster.ClusterState;
import io.kbench.cluster.ClusterStatus;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/** {@code kbench cluster status}: the cluster's directory and version, each broker's pid and liveness, its addresses. */
public final class ClusterStatusText {
    private ClusterStatusText() {
    }

    public static void print(ClusterStatus status, PrintWriter out) {
        // A state file written before kbench recorded the version has none: say so rather than print null.
        String version = status.state().kafkaVersion() == null ? "unknown" : status.state().kafkaVersion();
        out.println("cluster: " + status.state().dataDir() + " (Kafka " + version + ", started "
                + status.state().startedAt() + ")");
        for (BrokerStatus b : status.brokers()) {
            out.println("broker " + b.id() + ": pid " + b.pid() + " port " + b.port() + " "
                    + (b.alive() ? "alive" : "dead"));
        }
        out.println("bootstrap servers: " + status.state().bootstrapServers());
        List<String> jmx = status.state().brokers().stream().map(ClusterState.Broker::jmxAddress)
                .filter(Objects::nonNull).toList();
        if (!jmx.isEmpty()) {
            out.println("jmx: " + String.join(",", jmx));
        }
    }
}
