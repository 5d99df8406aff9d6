package io.kbench.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** Reading a result.json's telemetry in the integration tests. */
public final class TelemetryJson {
    private TelemetryJson() {
    }

    /**
     * A per-second series summed over the run: each interval's value times the interval's length (from
     * {@code intervals[].endSec}), so a rate becomes the amount. Fails when the run has no such series.
     */
    public static double integral(JsonNode result, String metric, String source) {
        for (JsonNode s : result.at("/telemetry/series")) {
            if (s.at("/metric").asText().equals(metric) && s.at("/source").asText().equals(source)) {
                double sum = 0;
                double previousEnd = 0;
                JsonNode intervals = result.at("/intervals");
                for (int i = 0; i < s.at("/values").size() && i < intervals.size(); i++) {
                    double end = intervals.get(i).at("/endSec").asDouble();
                    JsonNode v = s.at("/values").get(i);
                    sum += v.isNull() ? 0 : v.asDouble() * (end - previousEnd);
                    previousEnd = end;
                }
                return sum;
            }
        }
        throw new AssertionError("no series " + metric + "/" + source + " in " + result.at("/telemetry/series"));
    }

    public static List<JsonNode> events(JsonNode result, String type) {
        List<JsonNode> found = new ArrayList<>();
        result.at("/telemetry/events").forEach(e -> {
            if (e.at("/type").asText().equals(type)) {
                found.add(e);
            }
        });
        return found;
    }
}
