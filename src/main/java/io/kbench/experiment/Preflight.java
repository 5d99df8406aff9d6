package io.kbench.experiment;

import io.kbench.client.ClientConfigCheck;
import io.kbench.client.ClusterProbe;
import io.kbench.distributed.Distributable;
import io.kbench.distributed.Distribution;
import io.kbench.driver.DriverBuild;
import io.kbench.driver.DriverProperties;
import io.kbench.error.InvalidInputException;
import io.kbench.load.PayloadGenerator;
import io.kbench.load.PayloadKey;
import io.kbench.spec.ClientKind;
import io.kbench.spec.ClientsSpec;
import io.kbench.spec.KafkaConfigCheck;
import io.kbench.spec.PayloadType;
import io.kbench.spec.WorkloadSpec;
import java.io.PrintStream;
import java.util.Map;

/**
 * What a run checks before it starts a broker or prints its header, beyond what the workload records check when they
 * are built: the client configs as a whole, the payload file, and that an existing cluster answers.
 */
final class Preflight {
    private Preflight() {
    }

    /**
     * The complete client configs parse (Kafka refuses some combinations), and a payload file is read now, so a
     * missing or empty one is an input error before any broker starts.
     */
    static void workload(WorkloadSpec spec, Map<String, String> connection) {
        KafkaConfigCheck.workload(spec);
        if (ClientsSpec.runHere(spec.clientKafkaVersion())) {
            // Else the kbench re-launched on that client release checks them with its own config classes.
            ClientConfigCheck.check(spec, connection);
        }
        DriverProperties.check(spec, connection);
        if (spec.producers().payloadEncryption() != null) {
            PayloadKey.resolve(spec.producers().payloadEncryption());
        }
        if (spec.producers().count() > 0 && spec.producers().payload().type() == PayloadType.FILE) {
            PayloadGenerator payloads = new PayloadGenerator(spec.producers().payload(), spec.producers().recordSize());
            if (spec.verifies() && payloads.minValueBytes() < WorkloadSpec.VERIFY_STAMP_BYTES) {
                throw InvalidInputException.field("producers.payload.file", spec.producers().payload().file(),
                        "has payloads shorter than " + WorkloadSpec.VERIFY_STAMP_BYTES
                                + " bytes; verify needs room for each record's id");
            }
        }
    }

    /**
     * The driver of each side that runs a client other than java: built now, or found in the build cache, before any
     * broker starts, so a missing compiler is one line and exit 2, never a half-run.
     */
    static void drivers(WorkloadSpec spec, PrintStream out) {
        ClientKind producers = producerClient(spec);
        ClientKind consumers = consumerClient(spec);
        DriverBuild build = producers.external() || consumers.external() ? DriverBuild.standard() : null;
        if (producers.external()) {
            build.binary(producers, out);
        }
        if (consumers.external() && consumers != producers) {
            build.binary(consumers, out);
        }
    }

    private static ClientKind producerClient(WorkloadSpec spec) {
        return spec.producers().count() > 0 ? spec.producers().client() : ClientKind.JAVA;
    }

    private static ClientKind consumerClient(WorkloadSpec spec) {
        return spec.consumers().enabled() ? spec.consumers().client() : ClientKind.JAVA;
    }

    /**
     * What a distributed run (--workers, --local-workers) cannot do, and the most one of its workers may run: see
     * {@link Distributable}.
     */
    static void distributable(WorkloadSpec spec, Distribution distribution) {
        Distributable.check(spec, "--workers/--local-workers");
        Distributable.checkShares(spec, distribution.workers(), "--workers/--local-workers");
    }

    /** What only kbench's embedded cluster can do: tiered storage is set up when kbench starts the brokers. */
    static void embeddedOnly(WorkloadSpec spec, ClusterTarget target) {
        if (target.external() && spec.cluster().tieredStorage() != null) {
            throw InvalidInputException.field("cluster.tieredStorage", "with --bootstrap-server", "needs kbench's"
                    + " embedded cluster; an external cluster's tiered storage is its brokers' own configuration");
        }
    }

    /**
     * As {@link #reachable}, started now and awaited later ({@link ClusterProbe.Pending#await}), so that the run's own
     * checks overlap the wait for the cluster's answer.
     */
    static ClusterProbe.Pending startProbe(ClusterTarget target, Map<String, String> connection) {
        return target.external() ? ClusterProbe.start(connection) : ClusterProbe.Pending.NONE;
    }

    /** An external cluster must answer within {@link ClusterProbe#TIMEOUT}; an embedded one is started later. */
    static void reachable(ClusterTarget target, Map<String, String> connection) {
        if (target.external()) {
            ClusterProbe.reachable(connection);
        }
    }
}
