package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * One place figures were read from. An unreachable source stays listed, marked absent with the reason, so a missing
 * series is never mistaken for a zero.
 *
 * @param id           what the series name as their source: {@code broker-1}, {@code host}, {@code client}
 * @param kind         how it is read
 * @param address      JMX HOST:PORT, URL or {@code /proc}; never credentials
 * @param available    whether it answered during the run
 * @param absentReason why not, when not available
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TelemetrySource(String id, TelemetrySourceKind kind, String address, boolean available,
                              String absentReason) {
    public TelemetrySource {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
    }
}
