package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * @param probe   the probe object of the find-max result (p50 and p99 latencies, flat)
     * @param summary the summary of the probe's own result.json (every percentile), or null when it is not there
     */
    record Probe(double rateRecordsPerSec, boolean passed, String reason, double producedRecordsPerSec, JsonNode probe,
                 JsonNode summary) {
    }

    private final JsonNode root;
    private final List<Probe> probes = new ArrayList<>();

    /** {@code dir}: the find-max result directory, where each probe's {@code resultDir} is. */
    FindMaxData(JsonNode root, Path dir) {
        this.root = root;
        for (JsonNode p : Json.array(root, "probes")) {
            probes.add(new Probe(Json.num(p, "rateRecordsPerSec"), Json.bool(p, "passed"), Json.text(p, "reason"),
                    Json.num(p, "producedRecordsPerSec"), p, probeSummary(dir, Json.text(p, "resultDir"))));
        }
    }

    private static JsonNode probeSummary(Path dir, String resultDir) {
        if (dir == null || resultDir == null) {
            return null;
        }
        Path file = dir.resolve(resultDir).resolve("result.json");
        try {
            return Files.isRegularFile(file) ? HtmlPage.JSON.readTree(file.toFile()).path("summary") : null;
        } catch (IOException e) {
            return null; // a probe whose result is unreadable still has its p50/p99 in the find-max result
        }
    }

    String name() {
        String n = Json.text(root, "name");
        return n != null ? n : "find-max";
    }

    /** completed when the search found an answer (or a lower bound), else failed: the same split as the exit code. */
    String status() {
        String outcome = Json.text(root, "findMax", "outcome");
        if (outcome == null) {
            return null;
        }
        return outcome.equals("FOUND") || outcome.equals("LOWER_BOUND") ? "completed" : "failed";
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
        String prefix = switch (group) {
            case "publish" -> "publish";
            case "e2e" -> "endToEnd";
            default -> "sendDelay";
        };
        String flat = prefix + field.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + field.substring(1) + "Micros";
        double v = Json.num(p.probe(), flat);
        if (!Double.isNaN(v) || p.summary() == null) {
            return v;
        }
        return Json.num(p.summary(), prefix.equals("sendDelay") ? "sendDelayMicros" : prefix + "LatencyMicros", field);
    }
}
