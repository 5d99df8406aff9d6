package io.kbench.distributed;

import io.kbench.client.TuningBounds;
import io.kbench.client.TuningProperties;
import io.kbench.error.InvalidInputException;
import io.kbench.load.WorkerSlice;
import io.kbench.spec.ConsumerMode;
import io.kbench.spec.PayloadType;
import io.kbench.spec.WorkloadSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a workload run by workers may contain: the coordinator checks it before anything starts, and every worker
 * checks the workload it is given again, as a plan may come from anyone who can write to the control topic (or a
 * coordinator of another build). Refused: a fault schedule (it acts from one process on one clock), verification (the
 * read-back matches one process's send logs), a backlog phase (consumers that start after all producers ended),
 * payload encryption (its key would have to reach every worker, and a key file or variable named by a plan would be
 * read on the worker's host), a payload file (the same: a plan must not make a worker read a file), another Kafka
 * client release ({@code clients.kafkaVersion}: a worker runs its own), client
 * properties outside {@link TuningProperties} (connection, security and class loading stay the worker's own), and
 * sizes and times beyond {@link TuningBounds} (they are allocated or waited for on the worker's host), and a share of
 * threads and producer buffers beyond what one worker's host should hold ({@link #checkShares}). A side of another
 * client ({@code producers.client}, {@code consumers.client}) is allowed: a plan names a client of a closed set, and
 * the worker runs the driver its own kbench builds from its own sources, never a binary or a path the plan names.
 */
public final class Distributable {
    private Distributable() {
    }

    /** Throws an {@link InvalidInputException} naming the first field {@code spec} may not have; {@code by}: who asks. */
    public static void check(WorkloadSpec spec, String by) {
        if (!spec.faults().isEmpty()) {
            throw InvalidInputException.field("faults", spec.faults().size() + " fault(s)", "cannot be used with " + by);
        }
        if (spec.clientKafkaVersion() != null) {
            // A worker runs the Kafka client it was built with; it would measure its own under the workload's name.
            throw InvalidInputException.field("clients.kafkaVersion", spec.clientKafkaVersion(), "cannot be used with "
                    + by + " (each worker runs the Kafka client it was built with)");
        }
        if (spec.verifies()) {
            throw InvalidInputException.field("verify", true, "cannot be used with " + by);
        }
        if (spec.consumers().mode() == ConsumerMode.BACKLOG) {
            throw InvalidInputException.field("consumers.mode", "backlog", "cannot be used with " + by + " (live or none)");
        }
        if (spec.consumers().pause() != null) {
            // Each worker's consumers would pause and judge the drain on their own figures, not the group's.
            throw InvalidInputException.field("consumers.pause", spec.consumers().pause().condition(),
                    "cannot be used with " + by);
        }
        if (spec.producers().payloadEncryption() != null) {
            throw InvalidInputException.field("producers.payloadEncryption", "set", "cannot be used with " + by);
        }
        if (spec.producers().payload().type() == PayloadType.FILE) {
            throw InvalidInputException.field("producers.payload.type", "file", "cannot be used with " + by
                    + " (a workload must not make a worker read a file on its host)");
        }
        properties("producers.properties", spec.producers().properties(), TuningProperties.PRODUCER, by);
        properties("consumers.properties", spec.consumers().properties(), TuningProperties.CONSUMER, by);
        if (spec.producers().staged()) {
            // Each worker's results would carry its own stage figures, and percentiles of several do not add up.
            throw InvalidInputException.field("producers.stages", spec.producers().stages().size() + " stage(s)",
                    "cannot be used with " + by + " yet (one load host; docs/workloads.md#rate-stages)");
        }
        if (spec.producers().autoWarmup()) {
            // Each worker would end its warm-up on its own figures; a common end needs the coordinator to decide it.
            throw InvalidInputException.field("producers.warmup", "auto", "cannot be used with " + by
                    + " (give a fixed warm-up, e.g. --set producers.warmupDuration=5s)");
        }
    }

    /**
     * The coordinator's check of the largest share {@code workers} workers get: {@link JoinPhase} splits the threads as
     * evenly as they go, the first workers one more ({@link WorkerSlice}), so the first worker's is the largest. Each
     * worker checks its own share again ({@link Worker}).
     */
    public static void checkShares(WorkloadSpec spec, int workers, String by) {
        int producers = WorkerSlice.count(spec.producers().count(), workers, 0);
        int consumers = spec.consumers().mode() == ConsumerMode.NONE ? 0 : WorkerSlice.count(spec.consumers().count(), workers, 0);
        TuningBounds.checkSlice("producers.count " + spec.producers().count() + (consumers > 0 ? ", consumers.count "
                + spec.consumers().count() : "") + " over " + workers + " worker(s)", producers, consumers,
                spec.producers().properties(), by);
    }

    private static void properties(String path, Map<String, String> given, Set<String> allowed, String by) {
        Set<String> refused = TuningProperties.refused(given, allowed);
        if (!refused.isEmpty()) {
            // Names only: a refused property may be a secret (sasl.jaas.config) whose value must not be printed.
            throw new InvalidInputException(path + ": " + String.join(", ", refused) + " cannot be set by a workload run"
                    + " with " + by + " (connection, security and class-loading properties are each worker's own:"
                    + " its --command-config; see docs/distributed.md for the properties a workload may set)");
        }
        TuningBounds.check(path, given, by);
    }

    /**
     * The workload as sent to the workers: without the parts they do not use and that may hold secrets or name paths
     * on the coordinator's host (the embedded cluster's settings, the client JDK).
     */
    static WorkloadSpec forWorkers(WorkloadSpec spec) {
        // Always, not only when a part known to hold one is set: a cluster part added later (storage and tiered
        // storage name paths on this host) is then left out without this method having to learn of it.
        Map<String, Object> unset = new HashMap<>();
        unset.put("cluster", null);
        unset.put("clientJavaHome", null);
        return spec.with(unset);
    }

    /** A worker's check of a plan's workload: the coordinator's, plus the parts {@link #forWorkers} leaves out. */
    static void checkPlan(WorkloadSpec spec) {
        check(spec, "a distributed run");
        if (spec.clientJavaHome() != null) {
            throw InvalidInputException.field("clientJavaHome", "set", "cannot be sent to a worker");
        }
    }
}
