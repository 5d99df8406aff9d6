package io.kbench.cli;

import io.kbench.error.InvalidInputException;
import io.kbench.experiment.SingleRun;
import io.kbench.spec.WorkloadSpec;
import java.util.Map;

/** Turns the shared connection, embedded-cluster and output options into one {@link SingleRun}. */
final class RunTarget {
    private RunTarget() {
    }

    /** The connection properties, refusing a mix of --bootstrap-server and embedded-cluster options. */
    static Map<String, String> connection(ConnectionOptions connection, EmbeddedOptions embedded) {
        Map<String, String> conn = connection.properties();
        if (conn.containsKey("bootstrap.servers") && embedded.anyGiven()) {
            throw new InvalidInputException("--bootstrap-server conflicts with embedded-cluster options"
                    + " (--brokers, --data-dir, --keep-data, --broker-*): use one or the other");
        }
        return conn;
    }

    static SingleRun singleRun(WorkloadSpec spec, Map<String, String> conn, EmbeddedOptions embedded, OutputOptions output) {
        return new SingleRun(spec, conn, logDir -> embedded.toParams(spec.cluster(), logDir), output.resultsDir,
                ConnectionOptions.parsePairs(output.tags, "--tag"), output.parsedThresholds());
    }
}
