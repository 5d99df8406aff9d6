package io.kbench.measure;

import java.util.List;

/**
 * A source of intervals measured outside kbench's JVM (a driver process): {@link IntervalReporter} takes what it has
 * for the interval it is closing and adds it to its own, so every client's figures go through the one merge path.
 * Called on the reporter's thread, once per interval per contributor, never per record.
 */
public interface IntervalContributor {
    /**
     * The contributions of every interval up to {@code index} not taken yet, in order. Waits for interval
     * {@code index}'s own until {@code deadlineNanos} (on {@link System#nanoTime()}) at most, and not at all once the
     * source has ended; one that comes later is taken with the next interval (a late contribution: totals stay exact,
     * that interval's figures move one interval on).
     */
    List<IntervalContribution> take(int index, long deadlineNanos);
}
