package io.kbench.result.telemetry;

import java.util.List;
import java.util.Objects;

/**
 * One sampled figure of one source over the run.
 *
 * @param metric what is sampled (its unit is {@link TelemetryMetric#unit()})
 * @param source the {@link TelemetrySource#id()} it came from
 * @param values one value per entry of {@code intervals}, same order and time axis; null where it was not sampled
 */
public record TelemetrySeries(TelemetryMetric metric, String source, List<Double> values) {
    public TelemetrySeries {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(values, "values");
    }
}
