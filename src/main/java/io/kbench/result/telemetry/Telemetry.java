package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * Broker, host and load-generator evidence on the run's own time axis: every series has one value per entry of the
 * run's {@code intervals}.
 *
 * @param sources   every source asked, reachable or not
 * @param series    the sampled series
 * @param events    segment rolls, flushes, leader and ISR changes, GC pauses, restarts, faults
 * @param diagnosis what limited the run; absent when it could not be judged
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Telemetry(List<TelemetrySource> sources, List<TelemetrySeries> series, List<TelemetryEvent> events,
                        Diagnosis diagnosis) {
    public Telemetry {
        Objects.requireNonNull(sources, "sources");
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(events, "events");
    }

    /** The same evidence with {@code diagnosis} set. */
    public Telemetry withDiagnosis(Diagnosis diagnosis) {
        return new Telemetry(sources, series, events, diagnosis);
    }
}
