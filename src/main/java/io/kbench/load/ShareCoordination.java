package io.kbench.load;

import io.kbench.measure.RunMetrics;
import java.util.function.IntSupplier;

/**
 * The points where one share of a distributed run waits for the others. Called on the run's own thread; the
 * implementation talks to the coordinator. Never called per record.
 */
public interface ShareCoordination {
    /**
     * Blocks until every share's consumers hold their partitions and the coordinator has fixed the common start;
     * returns it on the share's clock, or {@link Long#MIN_VALUE} when the run was stopped first. {@code assigned}
     * and {@code metrics} are this share's, for its heartbeats.
     */
    long awaitStart(IntSupplier assigned, RunMetrics metrics);

    /** This share's producers have finished (or were stopped). */
    void producersFinished();

    /** Whether this share's consumers may stop: everything produced was consumed, or the coordinator gave up waiting. */
    boolean drained();
}
