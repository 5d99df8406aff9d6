package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What one source yielded for one interval: values by metric and the events it saw. */
final class Sample {
    private final String sourceId;
    private final double atSec;
    private final Map<TelemetryMetric, Double> values = new EnumMap<>(TelemetryMetric.class);
    private final List<TelemetryEvent> events = new ArrayList<>();

    Sample(String sourceId, double atSec) {
        this.sourceId = sourceId;
        this.atSec = atSec;
    }

    /** Records {@code value}; a null (not derivable this interval) or non-finite value is left out. */
    void put(TelemetryMetric metric, Double value) {
        if (value != null && Double.isFinite(value)) {
            values.put(metric, value);
        }
    }

    void event(TelemetryEventType type, String detail) {
        events.add(new TelemetryEvent(atSec, type, sourceId, detail));
    }

    String sourceId() {
        return sourceId;
    }

    double atSec() {
        return atSec;
    }

    Map<TelemetryMetric, Double> values() {
        return values;
    }

    List<TelemetryEvent> events() {
        return events;
    }
}
