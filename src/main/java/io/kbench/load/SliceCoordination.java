package io.kbench.load;

import io.kbench.measure.RunMetrics;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The points where one slice of a distributed run waits for the others. Called on the run's own thread; the
 * implementation talks to the coordinator. Never called per record.
 */
public interface SliceCoordination {
    /**
     * Blocks until every slice's consumers hold their partitions and the coordinator has fixed the common start;
     * returns it on the slice's clock, or {@link Long#MIN_VALUE} when the run was stopped first or {@code failed}
     * says this slice already failed (a driver died: its report must go out now, not after the coordinator's wait).
     * {@code assigned} and {@code metrics} are this slice's, for its heartbeats.
     */
    long awaitStart(IntSupplier assigned, RunMetrics metrics, BooleanSupplier failed);

    /** This slice's producers have finished (or were stopped). */
    void producersFinished();

    /** Whether this slice's consumers may stop: everything produced was consumed, or the coordinator gave up waiting. */
    boolean drained();
}
