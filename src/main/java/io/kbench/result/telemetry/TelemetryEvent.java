package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * Something that happened at one moment, on the run's time axis.
 *
 * @param atSec  seconds since the run started (the axis of {@link IntervalPoint#endSec()})
 * @param type   what happened
 * @param source the {@link TelemetrySource#id()} that saw it, or {@code fault} for injected faults
 * @param detail e.g. the partition that rolled a segment, or a GC pause's length
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TelemetryEvent(double atSec, TelemetryEventType type, String source, String detail) {
    public TelemetryEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(source, "source");
    }
}
