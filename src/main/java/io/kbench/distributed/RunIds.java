package io.kbench.distributed;

import io.kbench.error.InvalidInputException;
import io.kbench.spec.WorkloadSpec;

/**
 * The consumer group and transactional ids of a distributed run: each starts with the run's prefix
 * {@code kbench-<runId>}. The coordinator names them so ({@link #group}, {@link #confine}); a worker refuses an
 * assignment naming any other ({@link #check}), as a plan comes from whoever holds the control key (or anyone, under
 * {@code --insecure-control}) and a group or transactional id of another application's would let it commit that
 * group's offsets or fence that application's producers. Every id a worker uses then starts with {@code kbench-}, which
 * a cluster's ACLs can grant as one PREFIXED resource (docs/distributed.md).
 */
final class RunIds {
    private RunIds() {
    }

    /** {@code kbench-<runId>}: what every group and transactional id of run {@code runId} starts with. */
    static String prefix(String runId) {
        return "kbench-" + runId;
    }

    /** The run's consumer (or share) group: the prefix, then the workload's {@code consumers.group} when it names one. */
    static String group(String runId, String workloadGroup) {
        return workloadGroup == null ? prefix(runId) : prefix(runId) + "-" + workloadGroup;
    }

    /**
     * The workload as the workers get it: transactional producers' {@code transactionalId} is the prefix, {@code -txn},
     * then the workload's own id when it names one ({@code kbench-<runId>-txn-orders}); each producer thread appends its
     * workload-wide index as in a local run, so two workers' threads never share an id.
     */
    static WorkloadSpec confine(WorkloadSpec spec, String runId) {
        if (!spec.producers().transactional()) {
            return spec;
        }
        String given = spec.producers().transactions().transactionalId();
        return spec.with("producers.transactions.transactionalId",
                prefix(runId) + "-txn" + (given == null ? "" : "-" + given));
    }

    /** Throws an {@link InvalidInputException} when {@code a}'s group or transactional id is not the run's own. */
    static void check(Message.Assign a) {
        if (!confined(a.group(), a.runId())) {
            throw InvalidInputException.field("group", "'" + a.group() + "'", "must start with the run's prefix "
                    + prefix(a.runId()));
        }
        if (a.workload().producers().transactional()) {
            String id = a.workload().producers().transactions().transactionalId();
            if (id == null || !confined(id, a.runId())) {
                throw InvalidInputException.field("producers.transactions.transactionalId",
                        id == null ? "none" : "'" + id + "'", "must start with the run's prefix "
                                + prefix(a.runId()));
            }
        }
    }

    /** {@code id} is the prefix itself or the prefix and a dash: {@code kbench-r1} does not confine {@code kbench-r10}. */
    private static boolean confined(String id, String runId) {
        String prefix = prefix(runId);
        return id.equals(prefix) || id.startsWith(prefix + "-");
    }
}
