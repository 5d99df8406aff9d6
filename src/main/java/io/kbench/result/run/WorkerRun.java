package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * One worker's part of a distributed run: who it was, its share, its clock and its own figures.
 *
 * @param id                the worker's name ({@code kbench worker --id}, else host-pid)
 * @param host              the host it ran on
 * @param kbenchVersion     the kbench version it ran (the coordinator refuses any other than its own)
 * @param status            how its share ended
 * @param failure           why, when not completed: its failure, or for an interrupted worker what stopped it (the
 *                          coordinator's stop and its reason, its own SIGTERM, the coordinator's silence); one line
 * @param producers         producer threads it ran
 * @param consumers         consumers it ran
 * @param clockOffsetMicros its clock minus the cluster's (the results partition leader's), as it estimated
 * @param clockBoundMicros  the estimate's bound: the true offset lies within offset ± bound
 * @param summary           its own figures (the run's summary is merged from the histograms, never from these);
 *                          absent when the worker was lost before it reported them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkerRun(String id, String host, String kbenchVersion, WorkerStatus status, String failure,
                        int producers, int consumers, double clockOffsetMicros, double clockBoundMicros, Summary summary) {
    public WorkerRun {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        if (producers < 0 || consumers < 0 || clockBoundMicros < 0) {
            throw new IllegalArgumentException("worker " + id + ": producers, consumers and clockBoundMicros must be >= 0");
        }
    }
}
