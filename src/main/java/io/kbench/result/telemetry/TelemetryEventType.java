package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** What happened on a broker or to the run at one moment: written lowercase. */
public enum TelemetryEventType {
    SEGMENT_ROLL, LOG_FLUSH, LEADER_CHANGE, ISR_SHRINK, ISR_EXPAND, GC_PAUSE, BROKER_RESTART, BROKER_UNRESPONSIVE,
    FAULT_START, FAULT_END, SEGMENT_DELETE;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static TelemetryEventType of(String text) {
        return LowercaseEnum.parse(TelemetryEventType.class, text, "telemetry event type");
    }

    @Override
    public String toString() {
        return json();
    }
}
