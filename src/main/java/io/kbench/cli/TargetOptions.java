package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.experiment.ClusterTarget;
import io.kbench.experiment.SingleRun;
import io.kbench.report.ReportRenderer;
import io.kbench.spec.WorkloadSpec;
import java.util.Map;
import picocli.CommandLine.Mixin;

/** Where a command's load goes: an existing cluster (--bootstrap-server, ...) or an embedded one (--brokers, ...). */
public final class TargetOptions {
    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Mixin
    EmbeddedOptions embedded = new EmbeddedOptions();

    @Mixin
    ClientJvm clientJvm = new ClientJvm();

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
        return ClusterTarget.of(conn, embedded::toParams);
    }

    /** One run of {@code spec} on this target, written where {@code output} says, with its HTML report. */
    SingleRun singleRun(WorkloadSpec spec, Map<String, String> conn, OutputOptions output) {
        return new SingleRun(spec, conn, clusterTarget(conn), output.resultsDir,
                ConnectionOptions.parsePairs(output.tags, "--tag"), output.parsedThresholds(), ReportRenderer::writeQuietly,
                output.verbose);
    }
}
