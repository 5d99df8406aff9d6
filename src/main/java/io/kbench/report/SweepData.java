package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.verdict.Metric;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code sweep.json} (kind "sweep") from its JSON tree. All field access for sweeps is here, so aligning with the
 * sweep writer means changing only this class. Extra fields are ignored; missing ones are NaN or null.
 */
final class SweepData {
    /** A figure across repetitions. */
    record Stat(double median, double min, double max) {
        static final Stat NONE = new Stat(Double.NaN, Double.NaN, Double.NaN);

        boolean present() {
            return !Double.isNaN(median);
        }

        double[] asArray() {
            return new double[] {median, min, max};
        }

        Stat scaled(double f) {
            return new Stat(median * f, min * f, max * f);
        }
    }

    /**
     * One point of the sweep.
     *
     * @param thresholdsPassed null when the point had no thresholds
     */
    record Point(String name, String overrides, int repetitions, Stat producedRecordsPerSec, Stat producedMebibytesPerSec,
                 Stat consumedRecordsPerSec, Stat publishP99Micros, Stat endToEndP99Micros, Boolean thresholdsPassed,
                 JsonNode summary) {
    }

    private final JsonNode root;
    private final List<Point> points = new ArrayList<>();

    SweepData(JsonNode root) {
        this.root = root;
        for (JsonNode p : Json.array(root, "points")) {
            JsonNode s = Json.at(p, "summary");
            List<JsonNode> verdicts = Json.array(p, "thresholds");
            Boolean passed = verdicts.isEmpty() ? null : verdicts.stream().allMatch(v -> Json.bool(v, "passed"));
            points.add(new Point(Json.text(p, "name"), overrides(Json.at(p, "overrides")), Json.array(p, "repetitions").size(),
                    stat(s, "produced", "recordsPerSec"), stat(s, "produced", "mebibytesPerSec"),
                    stat(s, "consumed", "recordsPerSec"), stat(s, "publishLatencyMicros", "p99"),
                    stat(s, "endToEndLatencyMicros", "p99"), passed, s));
        }
    }

    String name() {
        String n = Json.text(root, "name");
        return n != null ? n : "sweep";
    }

    String description() {
        return Json.text(root, "description");
    }

    List<Point> points() {
        return points;
    }

    /** A metric as thresholds spell it ({@code e2e.p99}, {@code produced.recordsPerSec}) for one point. */
    static Stat stat(Point p, Metric m) {
        String group = switch (m.group()) {
            case "publish" -> "publishLatencyMicros";
            case "e2e" -> "endToEndLatencyMicros";
            case "sendDelay" -> "sendDelayMicros";
            default -> m.group();
        };
        return stat(p.summary(), group, m.field());
    }

    private static Stat stat(JsonNode summary, String group, String field) {
        JsonNode n = Json.at(summary, group, field);
        if (n == null) {
            return Stat.NONE;
        }
        if (n.isNumber()) {
            return new Stat(n.asDouble(), n.asDouble(), n.asDouble());
        }
        return new Stat(Json.num(n, "median"), Json.num(n, "min"), Json.num(n, "max"));
    }

    private static String overrides(JsonNode n) {
        if (n == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (n.isObject()) {
            n.properties().forEach(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
        } else if (n.isArray()) {
            n.forEach(v -> parts.add(v.isValueNode() ? v.asText() : v.toString()));
        } else {
            parts.add(n.asText());
        }
        return String.join(", ", parts);
    }
}
