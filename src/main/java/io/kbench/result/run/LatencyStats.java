package io.kbench.result.run;

/** Percentiles of one latency histogram, all in microseconds. */
public record LatencyStats(long count, long p50, long p95, long p99, long p999, long max, double mean) {
    public static final LatencyStats EMPTY = new LatencyStats(0, 0, 0, 0, 0, 0, 0);

    public LatencyStats {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0 (got " + count + ")");
        }
        if (count > 0 && !(p50 <= p95 && p95 <= p99 && p99 <= p999 && p999 <= max)) {
            throw new IllegalArgumentException("percentiles must be ordered (got p50=" + p50 + " p95=" + p95
                    + " p99=" + p99 + " p999=" + p999 + " max=" + max + ")");
        }
    }

    /** The named percentile: p50, p95, p99, p999, max or mean. */
    public double get(String name) {
        return switch (name) {
            case "p50" -> p50;
            case "p95" -> p95;
            case "p99" -> p99;
            case "p999" -> p999;
            case "max" -> max;
            case "mean" -> mean;
            default -> throw new IllegalArgumentException("unknown percentile " + name);
        };
    }
}
