package io.kbench.cli;

import io.kbench.cluster.ClusterState;
import io.kbench.error.InvalidInputException;
import io.kbench.telemetry.MetricsAuth;
import io.kbench.telemetry.TelemetrySettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** What a run samples beside its load: on by default; external clusters name their brokers' JMX and endpoints. */
public final class TelemetryOptions {
    @Option(names = "--no-telemetry", description = "Sample nothing beside the load (no broker, host or load-generator"
            + " series in result.json).")
    boolean off;

    @Option(names = "--broker-jmx", paramLabel = "HOST:PORT", description = "JMX address of a broker of the external"
            + " cluster (repeatable, one per broker); credentials from $" + TelemetrySettings.JMX_USER_ENV + " and $"
            + TelemetrySettings.JMX_PASSWORD_ENV + ".")
    List<String> brokerJmx = new ArrayList<>();

    @Option(names = "--broker-jmx-password-file", paramLabel = "FILE", description = "JMX user and password of the"
            + " external brokers: a file with a line 'USER PASSWORD', such as DIR/jmx.password of 'kbench cluster start'"
            + " (instead of $" + TelemetrySettings.JMX_USER_ENV + " and $" + TelemetrySettings.JMX_PASSWORD_ENV + ").")
    Path brokerJmxPasswordFile;

    @Option(names = "--broker-metrics-url", paramLabel = "URL", description = "Prometheus text endpoint of a broker"
            + " of the external cluster, e.g. the JMX exporter's (repeatable); credentials from "
            + MetricsAuth.FILE_FLAG + " or $" + MetricsAuth.USER_ENV + " and $" + MetricsAuth.PASSWORD_ENV
            + ", never user:pass@ in the URL.")
    List<String> brokerMetricsUrls = new ArrayList<>();

    @Option(names = "--node-exporter-url", paramLabel = "URL", description = "node-exporter endpoint of a broker host"
            + " of the external cluster (repeatable); credentials as for --broker-metrics-url.")
    List<String> nodeExporterUrls = new ArrayList<>();

    @Option(names = MetricsAuth.FILE_FLAG, paramLabel = "FILE", description = "User and password the metrics URLs ask"
            + " for (HTTP basic authentication): a file with a line 'USER PASSWORD' (instead of $"
            + MetricsAuth.USER_ENV + " and $" + MetricsAuth.PASSWORD_ENV + ").")
    Path metricsAuthFile;

    @Option(names = "--cluster-dir", paramLabel = "DIR", description = "Directory of a cluster 'kbench cluster start'"
            + " runs on this host: its brokers' JMX (with DIR/jmx.password) and this host's figures are sampled. Without"
            + " it, ./kbench-cluster is used when its cluster.json records the run's --bootstrap-server.")
    Path clusterDir;

    /** The checked settings; external sources need an external target. */
    TelemetrySettings settings(boolean external) {
        TelemetrySettings s = new TelemetrySettings(!off, brokerJmx, brokerMetricsUrls, nodeExporterUrls, null,
                brokerJmxPasswordFile, clusterDir, metricsAuthFile);
        if (s.namesExternalSources() && !external) {
            throw new InvalidInputException("--broker-jmx, --broker-metrics-url, --node-exporter-url and --cluster-dir"
                    + " describe an external cluster: give its --bootstrap-server too (an embedded cluster is sampled"
                    + " anyway)");
        }
        if (clusterDir != null && !java.nio.file.Files.isRegularFile(ClusterState.file(clusterDir))) {
            throw InvalidInputException.field("--cluster-dir", clusterDir, "no " + ClusterState.FILE_NAME + " there,"
                    + " so no kbench cluster was started in it");
        }
        if (clusterDir != null && (!brokerJmx.isEmpty() || !brokerMetricsUrls.isEmpty())) {
            throw InvalidInputException.field("--cluster-dir", clusterDir, "names the brokers to sample, as"
                    + " --broker-jmx and --broker-metrics-url do: give one or the other");
        }
        return s;
    }
}
