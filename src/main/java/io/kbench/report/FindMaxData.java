package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a find-max {@code result.json} (kind "find-max") from its JSON tree. All field access for find-max is here, so
 * aligning with the find-max writer means changing only this class.
 */
final class FindMaxData {
    /**
     * One probe: a run at a fixed offered rate.
     *
     * @param latency the probe object; read with {@link #latencyMicros}
     */
    record Probe(double rateRecordsPerSec, boolean passed, String reason, double producedRecordsPerSec, JsonNode latency) {
    }

    private final JsonNode root;
    private final List<Probe> probes = new ArrayList<>();

    FindMaxData(JsonNode root) {
        this.root = root;
        for (JsonNode p : Json.array(root, "probes")) {
            probes.add(new Probe(Json.num(p, "rateRecordsPerSec"), Json.bool(p, "passed"), Json.text(p, "reason"),
                    Json.num(p, "producedRecordsPerSec"), p));
        }
    }

    String name() {
        String n = Json.text(root, "name");
        return n != null ? n : "find-max";
    }

    String status() {
        return Json.text(root, "status");
    }

    String sla() {
        return Json.text(root, "findMax", "sla");
    }

    double maxRecordsPerSec() {
        return Json.num(root, "findMax", "maxRecordsPerSec");
    }

    double maxMebibytesPerSec() {
        return Json.num(root, "findMax", "maxMebibytesPerSec");
    }

    double precisionPercent() {
        return Json.num(root, "findMax", "precisionPercent");
    }

    List<Probe> probes() {
        return probes;
    }

    /** The --threshold verdicts judged at the answer; empty when none were given. */
    List<JsonNode> thresholds() {
        return Json.array(root, "thresholds");
    }

    /**
     * A latency figure of a probe in microseconds, NaN when absent.
     *
     * @param group publish, e2e or sendDelay (as in thresholds)
     * @param field p50, p95, p99, p999, max or mean
     */
    static double latencyMicros(Probe p, String group, String field) {
        String key = switch (group) {
            case "publish" -> "publishLatencyMicros";
            case "e2e" -> "endToEndLatencyMicros";
            default -> "sendDelayMicros";
        };
        return Json.num(p.latency(), key, field);
    }
}
