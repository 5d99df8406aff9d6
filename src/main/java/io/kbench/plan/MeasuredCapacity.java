package io.kbench.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.unit.Units;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The rate a kbench result measured, read from its result.json: a find-max's sustainable rate under its SLA,
 * a run's achieved produce rate, or a sweep's best point.
 *
 * @param metric the JSON path of the numbers used, so the report can say exactly which figure was taken
 * @param sla the find-max SLA; null for runs and sweeps
 * @param instanceType {@code tags.instanceType}, null when the result is untagged
 * @param label {@code tags.label} if present, else the result's directory or file name
 */
public record MeasuredCapacity(
        Path source,
        String kind,
        String metric,
        double clusterRecordsPerSec,
        double clusterMebibytesPerSec,
        int brokers,
        String sla,
        String instanceType,
        String label) {

    public static final String FILE_NAME = "result.json";
    /** What {@code kbench sweep} writes into its directory. */
    public static final String SWEEP_FILE_NAME = "sweep.json";

    public MeasuredCapacity {
        Checks.positive(source + ": " + metric + " records/s", clusterRecordsPerSec);
        Checks.positive(source + ": " + metric + " MiB/s", clusterMebibytesPerSec);
        Checks.atLeast(source + ": cluster.brokers", brokers, 1);
    }

    public double perBrokerRecordsPerSec() {
        return clusterRecordsPerSec / brokers;
    }

    public double perBrokerMebibytesPerSec() {
        return clusterMebibytesPerSec / brokers;
    }

    public BrokerCapacity toBrokerCapacity() {
        String text = kind + " result " + source + ": " + metric + " " + FigureTable.formatValue(clusterMebibytesPerSec)
                + " MiB/s / " + brokers + " brokers = " + FigureTable.formatValue(perBrokerMebibytesPerSec()) + " MiB/s per broker"
                + (sla != null ? " (SLA " + sla + ")" : "");
        return new BrokerCapacity(perBrokerMebibytesPerSec() * Units.BYTES_PER_MIB, text);
    }

    public static MeasuredCapacity fromResult(Path path) {
        return fromResult(path, null);
    }

    /**
     * Reads a result.json, or the result.json inside a directory.
     *
     * @param brokersOverride the tested broker count when the result does not record it (sweeps may not)
     */
    public static MeasuredCapacity fromResult(Path path, Integer brokersOverride) {
        Path file = Files.isDirectory(path) ? path.resolve(FILE_NAME) : path;
        if (Files.isDirectory(path) && !Files.isRegularFile(file) && Files.isRegularFile(path.resolve(SWEEP_FILE_NAME))) {
            file = path.resolve(SWEEP_FILE_NAME);
        }
        if (!Files.isRegularFile(file)) {
            throw InvalidInputException.field("fromResult", path, "no result.json there");
        }
        JsonNode root;
        try {
            root = StrictMapper.tolerantJson().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw InvalidInputException.field(file + ": (top level)", root, "expected a JSON object");
        }
        JsonNode version = root.path("schemaVersion");
        if (!version.isInt() || version.intValue() != 1) {
            throw InvalidInputException.field(file + ": schemaVersion", text(version), "this kbench reads schemaVersion 1");
        }
        String kind = root.path("kind").asText("");
        JsonNode tags = root.path("tags");
        String instanceType = tags.path("instanceType").isTextual() ? tags.path("instanceType").asText() : null;
        Path parent = file.toAbsolutePath().getParent();
        String label = tags.path("label").isTextual() ? tags.path("label").asText()
                : parent != null && parent.getFileName() != null ? parent.getFileName().toString() : file.toString();
        Integer recorded = root.path("cluster").path("brokers").isInt() ? Integer.valueOf(root.path("cluster").path("brokers").intValue()) : null;
        switch (kind) {
            case "find-max" -> {
                JsonNode fm = root.path("findMax");
                return new MeasuredCapacity(file, kind, "findMax.maxRecordsPerSec/maxMebibytesPerSec",
                        number(file, fm, "findMax.maxRecordsPerSec"), number(file, fm, "findMax.maxMebibytesPerSec"),
                        brokers(file, recorded, brokersOverride), fm.path("sla").isTextual() ? fm.path("sla").asText() : null,
                        instanceType, label);
            }
            case "run" -> {
                JsonNode produced = root.path("summary").path("produced");
                return new MeasuredCapacity(file, kind, "summary.produced.recordsPerSec/mebibytesPerSec",
                        number(file, produced, "summary.produced.recordsPerSec"),
                        number(file, produced, "summary.produced.mebibytesPerSec"),
                        brokers(file, recorded, brokersOverride), null, instanceType, label);
            }
            case "sweep" -> {
                JsonNode points = root.path("points");
                if (!points.isArray() || points.isEmpty()) {
                    throw InvalidInputException.field(file + ": points", text(points), "a sweep result needs at least one point");
                }
                int best = -1;
                double bestRate = -1;
                for (int i = 0; i < points.size(); i++) {
                    double rate = number(file, points.get(i).path("summary").path("produced"),
                            "points[" + i + "].summary.produced.recordsPerSec");
                    if (rate > bestRate) {
                        bestRate = rate;
                        best = i;
                    }
                }
                JsonNode point = points.get(best);
                String prefix = "points[" + best + "]";
                JsonNode produced = point.path("summary").path("produced");
                Integer pointBrokers = point.path("cluster").path("brokers").isInt() ? Integer.valueOf(point.path("cluster").path("brokers").intValue()) : recorded;
                String name = point.path("name").asText(prefix);
                return new MeasuredCapacity(file, kind, "best point '" + name + "' " + prefix + ".summary.produced.recordsPerSec/mebibytesPerSec",
                        bestRate, number(file, produced, prefix + ".summary.produced.mebibytesPerSec"),
                        brokers(file, pointBrokers, brokersOverride), null, instanceType, label);
            }
            default -> throw InvalidInputException.field(file + ": kind", text(root.path("kind")),
                    "expected run, find-max or sweep");
        }
    }

    private static int brokers(Path file, Integer recorded, Integer override) {
        if (override != null) {
            return Checks.atLeast("resultBrokers", override, 1);
        }
        if (recorded == null) {
            throw InvalidInputException.field(file + ": cluster.brokers", "missing",
                    "the result does not record its broker count; pass --result-brokers N");
        }
        return recorded;
    }

    private static double number(Path file, JsonNode parent, String path) {
        String leaf = path.substring(path.lastIndexOf('.') + 1);
        JsonNode n = parent.path(leaf);
        if (n.isObject() && n.path("median").isNumber()) {
            // kbench sweep writes each figure as {median, min, max} over the repetitions; plan from the median.
            n = n.path("median");
        }
        if (!n.isNumber()) {
            throw InvalidInputException.field(file + ": " + path, text(n), "expected a number");
        }
        double v = n.doubleValue();
        if (!Double.isFinite(v) || v <= 0) {
            throw InvalidInputException.field(file + ": " + path, v, "must be greater than zero to plan from");
        }
        return v;
    }

    private static String text(JsonNode n) {
        return n == null || n.isMissingNode() ? "missing" : n.toString();
    }
}
