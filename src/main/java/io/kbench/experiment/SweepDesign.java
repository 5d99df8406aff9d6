package io.kbench.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.spec.FaultText;
import io.kbench.spec.SetOverride;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import io.kbench.study.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A loaded sweep: the spec, the base workload tree and every point, each already checked to resolve to a valid
 * workload so that a typo in the last point fails before the first broker starts. Named for the design of an
 * experiment (its factors, levels and repetitions), not "plan", which is {@code kbench plan}'s capacity plan.
 *
 * @param spec   the sweep file
 * @param source the sweep file's path, for messages
 * @param text   the sweep file's exact text (copied to sweep.yaml, compared on resume)
 * @param base   the base workload as a YAML tree
 * @param points   the points, in the order the axes or the points list give them
 * @param findings the sweep file's findings, checked against the points' paths and values
 */
public record SweepDesign(SweepSpec spec, Path source, String text, ObjectNode base, List<SweepPoint> points,
                        List<Finding> findings) {

    public SweepDesign {
        points = List.copyOf(points);
        findings = List.copyOf(findings);
    }

    /** Reads and checks a sweep file. */
    public static SweepDesign load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("sweep file not found: " + file);
        } catch (IOException e) {
            throw new InvalidInputException("cannot read sweep file " + file + ": " + e.getMessage(), e);
        }
        return parse(text, file);
    }

    /** Parses sweep text; {@code file} locates a relative {@code workload:} and names the source in errors. */
    public static SweepDesign parse(String text, Path file) {
        SpecLoader loader = new SpecLoader();
        ObjectMapper yaml = StrictMapper.yaml();
        JsonNode tree;
        try {
            tree = yaml.readTree(text);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": malformed YAML: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        if (tree == null || !tree.isObject()) {
            throw new InvalidInputException(file + ": a sweep file must be a YAML mapping with axes or points");
        }
        // Checked before binding: Jackson builds the record before it reports unknown keys, so a misspelt 'axes'
        // would otherwise surface as "neither axes nor points".
        List<String> known = Arrays.stream(SweepSpec.class.getRecordComponents())
                .map(java.lang.reflect.RecordComponent::getName).toList();
        tree.fieldNames().forEachRemaining(key -> {
            if (!known.contains(key)) {
                throw new InvalidInputException(file + ": unknown key '" + key + "' (known keys here: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        });
        SweepSpec spec = loader.bind(tree, SweepSpec.class, file.toString());
        ObjectNode base = spec.base() != null ? spec.base()
                : loader.readTree(resolveRelative(file, spec.workload()));
        List<SweepPoint> points = spec.campaign() ? campaign(spec)
                : spec.axes() != null ? cartesian(spec.axes()) : named(spec.points());
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < points.size(); i++) {
            Integer before = seen.put(points.get(i).name(), i);
            if (before != null) {
                throw InvalidInputException.field("points[" + i + "]", points.get(i).name(),
                        "has the same name as points[" + before + "]; points must differ");
            }
        }
        List<Finding> findings = new ArrayList<>();
        Map<String, Set<String>> varied = varied(points);
        for (int i = 0; i < spec.findings().size(); i++) {
            try {
                findings.add(Finding.of(spec.findings().get(i), i, varied));
            } catch (InvalidInputException e) {
                throw new InvalidInputException(file + ": " + e.getMessage(), e);
            }
        }
        SweepDesign design = new SweepDesign(spec, file, text, base, points, findings);
        // Every point's workload is built once here, so a bad path or value is reported before anything runs.
        points.forEach(design::workload);
        return design;
    }

    /** Each varied path and the value texts the points give it, in point order. */
    private static Map<String, Set<String>> varied(List<SweepPoint> points) {
        Map<String, Set<String>> varied = new LinkedHashMap<>();
        points.forEach(p -> p.overrides().forEach((path, value) ->
                varied.computeIfAbsent(path, k -> new LinkedHashSet<>()).add(value.asText())));
        return varied;
    }

    /** Every combination of the axes' values; the first axis varies slowest, as in nested loops. */
    static List<SweepPoint> cartesian(Map<String, List<JsonNode>> axes) {
        return named(combinations(axes));
    }

    private static List<Map<String, JsonNode>> combinations(Map<String, List<JsonNode>> axes) {
        List<Map<String, JsonNode>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<JsonNode>> axis : axes.entrySet()) {
            List<Map<String, JsonNode>> next = new ArrayList<>();
            for (Map<String, JsonNode> combo : combos) {
                for (JsonNode value : axis.getValue()) {
                    Map<String, JsonNode> extended = new LinkedHashMap<>(combo);
                    extended.put(axis.getKey(), value);
                    next.add(extended);
                }
            }
            combos = next;
        }
        return combos;
    }

    /**
     * A campaign's points: every point of the axes or the points list (or one without values) on each named cluster,
     * the cluster varying slowest, so the points of one cluster stay together in the file's order.
     */
    static List<SweepPoint> campaign(SweepSpec spec) {
        List<Map<String, JsonNode>> combos = spec.axes() != null ? combinations(spec.axes())
                : spec.points() != null ? spec.points() : List.of(Map.of());
        SweepSecrets secrets = SweepSecrets.of(combos);
        List<SweepPoint> points = new ArrayList<>();
        for (CampaignCluster cluster : spec.clusters()) {
            combos.forEach(c -> points.add(SweepPoint.on(cluster, c, secrets)));
        }
        return points;
    }

    /** Points named after their values, a secret path's values numbered over all of them ([secret-1], ...). */
    private static List<SweepPoint> named(List<Map<String, JsonNode>> combos) {
        SweepSecrets secrets = SweepSecrets.of(combos);
        return combos.stream().map(c -> SweepPoint.of(c, secrets)).toList();
    }

    /** How this design shows its secret values. */
    SweepSecrets secrets() {
        return SweepSecrets.of(points.stream().map(SweepPoint::overrides).toList());
    }

    /**
     * This design with {@code overrides} ({@code --set path=value} texts) applied to the base workload, before each
     * point's values. A path the sweep varies is refused: the points would silently win over it.
     */
    public SweepDesign withOverrides(List<String> overrides) {
        if (overrides.isEmpty()) {
            return this;
        }
        ObjectNode changed = base.deepCopy();
        Map<String, Set<String>> varied = varied(points);
        for (String text : overrides) {
            SetOverride override = SetOverride.parse(text);
            if (varied.containsKey(override.pathText())) {
                throw InvalidInputException.field("--set", "'" + text + "'",
                        "sets a path the sweep varies (" + override.pathText() + "): change its values in " + source);
            }
            override.applyTo(changed);
        }
        SweepDesign design = new SweepDesign(spec, source, text, changed, points, findings);
        points.forEach(design::workload);
        return design;
    }

    /**
     * The one client JDK of all points (null: kbench's own). The load generator of a sweep is one JVM, so points may
     * not differ in it: such a sweep is refused before anything starts.
     */
    public String clientJavaHome() {
        return OneLoadGenerator.value("clientJavaHome", points.stream().map(p -> workload(p).clientJavaHome()).toList(),
                "a sweep's load generator is one JVM: run one sweep per JDK (or --client-java-home) and kbench compare"
                        + " the sweeps");
    }

    /**
     * The one Kafka client release of all points (null: kbench's own). kbench runs another release's client by
     * re-launching itself on that release's jars, and two releases of the client cannot share one JVM (their classes
     * have the same names), so a sweep, whose load generator is one JVM, may not vary it.
     */
    public String clientKafkaVersion() {
        return OneLoadGenerator.value("clients.kafkaVersion",
                points.stream().map(p -> workload(p).clientKafkaVersion()).toList(),
                "a sweep's load generator is one JVM and two releases of the Kafka client cannot share one (kbench runs"
                        + " another release's client by re-launching itself on its jars): run one sweep per client"
                        + " release (--client-kafka-version) and kbench compare the sweeps");
    }

    /**
     * This design with the repetitions of {@code --repetitions} and {@code --budget}, each null to keep the file's; a
     * budget without auto repetitions is refused as in the file.
     */
    public SweepDesign withRepetitions(Repeat repeat, Budget budget) {
        if (repeat == null && budget == null) {
            return this;
        }
        Repeat r = repeat != null ? repeat : spec.repeat();
        // A fixed --repetitions overrides the file's auto and its budget with it.
        Budget b = budget != null ? budget : r.auto() ? spec.budget() : null;
        try {
            return new SweepDesign(spec.with(r, b), source, text, base, points, findings);
        } catch (InvalidInputException e) {
            throw new InvalidInputException("--repetitions/--budget: " + e.getMessage(), e);
        }
    }

    /** The budget of {@code repeat: auto}: the stated one, or {@value Budget#DEFAULT_PER_POINT} runs per point. */
    public Budget budget() {
        return spec.budget() != null ? spec.budget() : Budget.defaultFor(points.size());
    }

    /**
     * This design with {@code faults} ({@code --fault} texts) appended to the base workload's faults: every point runs
     * the same schedule, each repetition on its own clock.
     */
    public SweepDesign withFaults(List<String> faults) {
        if (faults.isEmpty()) {
            return this;
        }
        ObjectNode withFaults = base.deepCopy();
        ArrayNode list = withFaults.has("faults") && withFaults.get("faults").isArray()
                ? (ArrayNode) withFaults.get("faults") : withFaults.putArray("faults");
        faults.forEach(f -> list.add(FaultText.parse(f)));
        return new SweepDesign(spec, source, text, withFaults, points, findings);
    }

    /** The workload of {@code point}: the base with the point's values set, as {@code --set} sets them. */
    public WorkloadSpec workload(SweepPoint point) {
        List<SetOverride> overrides = new ArrayList<>();
        point.overrides().forEach((path, value) -> overrides.add(SetOverride.of(path, value)));
        try {
            return new SpecLoader().load(base, overrides, source + " point " + point.name());
        } catch (InvalidInputException e) {
            throw new InvalidInputException(source + ": point " + point.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The workload of a repetition of {@code point}; with a topic name, it replaces the base's topic name (each
     * repetition gets a fresh topic that is deleted after it, so no backlog carries over).
     */
    public WorkloadSpec workload(SweepPoint point, String topicName) {
        WorkloadSpec workload = workload(point);
        if (topicName == null) {
            return workload;
        }
        Map<String, Object> fresh = new LinkedHashMap<>();
        fresh.put("topic.name", topicName);
        fresh.put("topic.deleteAfter", true);
        return workload.with(fresh);
    }

    /**
     * The discarded warm-up run's workload ({@code warmupPoint: true}): the first point on {@code topicName}, sending
     * for {@code warmupPointDuration} with no warm-up of its own when the sweep gives one. A cluster of several
     * brokers on a shared host takes minutes of load to compile its hot code; one short point does not cover that.
     */
    public WorkloadSpec warmupWorkload(String topicName) {
        WorkloadSpec workload = workload(points().get(0), topicName);
        Duration d = spec().warmupPointDuration();
        if (d == null) {
            return workload;
        }
        Map<String, Object> longer = new LinkedHashMap<>();
        longer.put("producers.records", null);
        longer.put("producers.duration", d);
        longer.put("producers.warmupRecords", null);
        longer.put("producers.warmupDuration", Duration.ZERO);
        return workload.with(longer);
    }

    private static Path resolveRelative(Path sweepFile, String workload) {
        Path w = Path.of(workload);
        Path parent = sweepFile.toAbsolutePath().getParent();
        return w.isAbsolute() || parent == null ? w : parent.resolve(w);
    }
}
