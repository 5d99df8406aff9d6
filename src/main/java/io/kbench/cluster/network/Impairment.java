package io.kbench.cluster.network;

import java.time.Duration;

/**
 * What the proxy does to a broker's traffic while a network fault is in force.
 *
 * @param delayNanos  how much later each chunk the broker sends is forwarded than it arrived (its egress, as netem
 *                    on its host would delay it): a round trip through the proxy gets this much longer
 * @param jitterNanos each chunk's delay is drawn uniformly from {@code delayNanos +- jitterNanos}
 * @param drop        existing connections are closed, new ones closed as soon as they are accepted
 * @param hold        nothing is forwarded (a blackhole: bytes wait, as behind a partition, until it heals)
 */
public record Impairment(long delayNanos, long jitterNanos, boolean drop, boolean hold) {
    /** Traffic passes as it comes. */
    public static final Impairment NONE = new Impairment(0, 0, false, false);

    public Impairment {
        if (delayNanos < 0 || jitterNanos < 0 || jitterNanos > delayNanos) {
            throw new IllegalArgumentException("need 0 <= jitter <= delay, got " + jitterNanos + " and " + delayNanos);
        }
    }

    public static Impairment delay(Duration delay, Duration jitter) {
        return new Impairment(delay.toNanos(), jitter.toNanos(), false, false);
    }

    public static Impairment dropConnections() {
        return new Impairment(0, 0, true, false);
    }

    public static Impairment blackhole() {
        return new Impairment(0, 0, false, true);
    }
}
