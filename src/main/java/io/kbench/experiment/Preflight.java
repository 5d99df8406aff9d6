package io.kbench.experiment;

import io.kbench.load.ClusterProbe;
import io.kbench.load.PayloadGenerator;
import io.kbench.spec.PayloadType;
import io.kbench.spec.WorkloadSpec;
import java.util.Map;

/**
 * What a run checks before it starts a broker or prints its header, beyond what the workload records check when they
 * are built: the payload file can be read, and an existing cluster answers.
 */
final class Preflight {
    private Preflight() {
    }

    /** Reads a payload file now, so a missing or empty one is an input error before any broker starts. */
    static void payload(WorkloadSpec spec) {
        if (spec.producers().count() > 0 && spec.producers().payload().type() == PayloadType.FILE) {
            new PayloadGenerator(spec.producers().payload(), spec.producers().recordSize());
        }
    }

    /** With bootstrap.servers, the cluster must answer within {@link ClusterProbe#TIMEOUT}. */
    static void reachable(Map<String, String> connection) {
        if (connection.containsKey("bootstrap.servers")) {
            ClusterProbe.reachable(connection);
        }
    }
}
