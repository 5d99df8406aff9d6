package io.kbench.result;

import java.util.Objects;

/**
 * The outcome of one threshold, as written in result.json and sweep.json ({@code thresholds}).
 *
 * @param threshold the condition
 * @param passed    whether it held
 * @param actual    the measured value in the metric's base unit, NaN when not measured
 * @param shown     the measured value for people, with its unit
 */
public record ThresholdVerdict(Condition threshold, boolean passed, double actual, String shown) {
    public ThresholdVerdict {
        Objects.requireNonNull(threshold, "threshold");
    }

    public String line() {
        return (passed ? "PASS " : "FAIL ") + threshold.text() + " (measured " + shown + ")";
    }

    /**
     * A threshold as data: {@code e2e.p99<50ms} is metric e2e.p99, operator {@code <}, limit 50000 (microseconds).
     *
     * @param metric   the figure compared
     * @param operator the comparison
     * @param limit    in the metric's base unit (microseconds for latencies)
     * @param text     the condition as the user wrote it
     */
    public record Condition(MetricName metric, Operator operator, double limit, String text) {
        public Condition {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A metric as thresholds spell it, e.g. group e2e, field p99.
     *
     * @param group publish, e2e, sendDelay, produced or consumed
     * @param field p50..max/mean for latencies; records, bytes, recordsPerSec, mebibytesPerSec or errors for totals
     */
    public record MetricName(String group, String field) {
        public MetricName {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(field, "field");
        }

        @Override
        public String toString() {
            return group + "." + field;
        }
    }
}
