package io.kbench.cluster.network;

import java.util.SplittableRandom;

/**
 * When each chunk of one direction of a connection is forwarded: its arrival plus the delay, plus a jitter drawn
 * uniformly from {@code [-jitter, +jitter]}, but never before the chunk ahead of it (a TCP stream cannot be
 * reordered: a jittered chunk that would overtake waits for the one before). Used by one reader thread.
 */
final class DelayLine {
    private final SplittableRandom random;
    private long lastDueNanos = Long.MIN_VALUE;

    DelayLine(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** The time the chunk that arrived at {@code arrivalNanos} is due, under {@code impairment}. */
    long due(long arrivalNanos, Impairment impairment) {
        long delay = impairment.delayNanos();
        if (impairment.jitterNanos() > 0) {
            delay += random.nextLong(-impairment.jitterNanos(), impairment.jitterNanos() + 1);
        }
        long due = arrivalNanos + Math.max(0, delay);
        // nanoTime values are compared by difference: they may wrap.
        if (lastDueNanos != Long.MIN_VALUE && due - lastDueNanos < 0) {
            due = lastDueNanos;
        }
        lastDueNanos = due;
        return due;
    }
}
