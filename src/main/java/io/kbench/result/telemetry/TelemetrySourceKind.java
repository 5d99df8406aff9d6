package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** Where a telemetry source's figures come from: written lowercase. */
public enum TelemetrySourceKind {
    /** JMX of a broker kbench launched (local, loopback). */
    EMBEDDED_JMX,
    /** JMX of an external broker, from --broker-jmx. */
    JMX,
    /** A Prometheus text endpoint such as the JMX exporter, from --broker-metrics-url. */
    PROMETHEUS,
    /** A node-exporter endpoint for a remote host. */
    NODE_EXPORTER,
    /** This machine's /proc. */
    PROC,
    /** kbench's own JVM (the load generator). */
    JVM;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static TelemetrySourceKind of(String text) {
        return LowercaseEnum.parse(TelemetrySourceKind.class, text, "telemetry source kind");
    }

    @Override
    public String toString() {
        return json();
    }
}
