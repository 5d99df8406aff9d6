package io.kbench.telemetry;

import io.kbench.unit.Units;

/**
 * Per-interval figures from cumulative counters. A counter that went down (the process restarted) or an empty
 * interval gives null: not derivable, never a made-up zero.
 */
final class Deltas {
    private Deltas() {
    }

    /** Events per second between two readings of a cumulative count, {@code elapsedNanos} apart. */
    static Double rate(Double before, Double after, long elapsedNanos) {
        if (before == null || after == null || after < before || elapsedNanos <= 0) {
            return null;
        }
        return (after - before) * Units.NANOS_PER_SECOND / elapsedNanos;
    }

    /** {@code after - before}, or null when either is missing or the counter went backwards. */
    static Double delta(Double before, Double after) {
        if (before == null || after == null || after < before) {
            return null;
        }
        return after - before;
    }

    /**
     * The exact mean of the values recorded between two readings of a histogram (or timer). Kafka's (Yammer)
     * histograms keep their percentiles over a decaying sample, but {@code Mean} is sum/count over the whole life of
     * the histogram, so {@code Count * Mean} is the running sum and the interval's mean is
     * {@code delta(Count * Mean) / delta(Count)}. Null when nothing was recorded in the interval.
     */
    static Double intervalMean(Double countBefore, Double meanBefore, Double countAfter, Double meanAfter) {
        if (countBefore == null || meanBefore == null || countAfter == null || meanAfter == null
                || countAfter <= countBefore) {
            return null;
        }
        double mean = (countAfter * meanAfter - countBefore * meanBefore) / (countAfter - countBefore);
        // Rounding of two large products can leave a tiny negative mean for an all-zero interval.
        return Math.max(0, mean);
    }

    /** CPU time as a percentage of one core: 100 = one core busy for the whole interval. */
    static Double cpuPercent(Double cpuNanosBefore, Double cpuNanosAfter, long elapsedNanos) {
        Double d = delta(cpuNanosBefore, cpuNanosAfter);
        return d == null || elapsedNanos <= 0 ? null : 100.0 * d / elapsedNanos;
    }
}
