package io.kbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.SchemaLocation;
import io.kbench.result.telemetry.Telemetry;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import io.kbench.result.telemetry.TelemetrySource;
import io.kbench.result.telemetry.TelemetrySourceKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every telemetry metric, event type and source kind kbench can write is one the schema accepts. */
class TelemetrySchemaTest {
    @Test
    void everyEnumValueIsInTheSchema() {
        List<TelemetrySeries> series = Arrays.stream(TelemetryMetric.values())
                .map(m -> new TelemetrySeries(m, "broker-1", Arrays.asList(1.0, null))).toList();
        List<TelemetryEvent> events = Arrays.stream(TelemetryEventType.values())
                .map(t -> new TelemetryEvent(1.5, t, "broker-1", "detail")).toList();
        List<TelemetrySource> sources = new ArrayList<>();
        for (TelemetrySourceKind k : TelemetrySourceKind.values()) {
            sources.add(new TelemetrySource(k.json(), k, "127.0.0.1:1", true, null));
        }
        sources.add(new TelemetrySource("host", TelemetrySourceKind.NODE_EXPORTER, null, false, "not given"));
        JsonNode json = new ObjectMapper().valueToTree(new Telemetry(sources, series, events, null));
        JsonSchema schema = SchemaFiles.load("result.schema.json");
        JsonSchema telemetry = schema.getSubSchema(SchemaLocation.of(SchemaFiles.ID_PREFIX + "result.schema.json#/$defs/telemetry").getFragment());
        assertThat(telemetry.validate(json)).isEmpty();
    }
}
