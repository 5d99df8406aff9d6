package io.kbench.result.telemetry;

import io.kbench.error.InvalidInputException;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One part of the latency on the run's interval axis.
 *
 * @param part      which part
 * @param statistic what each value is: {@code mean} (exact over the interval), {@code windowed mean} (the producer's
 *                  own average over its metrics window, 30 s by default), never a percentile the source did not give
 * @param valuesMs  one per interval, milliseconds; null where the source had nothing for that interval
 */
public record AnatomyPart(LatencyPart part, String statistic, List<Double> valuesMs) {
    public AnatomyPart {
        Objects.requireNonNull(part, "part");
        if (statistic == null || statistic.isBlank()) {
            throw InvalidInputException.field("anatomy.statistic", statistic, "must name the statistic");
        }
        // Nulls are gaps, so List.copyOf (which refuses them) will not do.
        valuesMs = Collections.unmodifiableList(new java.util.ArrayList<>(Objects.requireNonNull(valuesMs, "valuesMs")));
    }

    /** The value at an interval; NaN where there is none. */
    public double at(int interval) {
        Double v = interval < valuesMs.size() ? valuesMs.get(interval) : null;
        return v == null || !Double.isFinite(v) ? Double.NaN : v;
    }
}
