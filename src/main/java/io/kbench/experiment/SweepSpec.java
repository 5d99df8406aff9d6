package io.kbench.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.result.sweep.SweepOrder;
import io.kbench.study.FindingSpec;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A sweep file: a base workload and the points to run it at, each {@code repeat} times.
 * Documented in docs/sweeps.md.
 *
 * @param name        sweep name (1-64 of a-zA-Z0-9._-), used in the results directory name
 * @param description free text
 * @param workload    base workload file, relative to the sweep file; exclusive with {@code base}
 * @param base        inline base workload; exclusive with {@code workload}
 * @param repeat      repetitions of every point (1-100, default 3), or auto: rounds until every finding (or every
 *                    point against the first) is decided or the budget is spent
 * @param axes        path -> values, combined as a cartesian product; exclusive with {@code points}
 * @param points      explicit points, each path -> value; exclusive with {@code axes}
 * @param order       the order repetitions run in (default interleaved: every point once, then again)
 * @param seed        the shuffle seed of {@code order: random} (default: drawn, and recorded in sweep.json)
 * @param warmupPoint run the first point once before the measured repetitions and discard it (default false)
 * @param warmupPointDuration how long that warm-up run sends, in place of the point's own duration and warm-up (default:
 *                    the point's own); only with {@code warmupPoint: true}
 * @param findings    claims judged on the repetitions at the end (docs/sweeps.md, "Findings")
 * @param budget      with {@code repeat: auto}: runs (24) or a duration (30m) it may spend; default 10 runs per point
 * @param clusters    a campaign: named external clusters, every point run on each (docs/sweeps.md, "Campaign across
 *                    clusters"); with them, axes and points may both be left out (one point per cluster)
 */
public record SweepSpec(String name, String description, String workload, ObjectNode base, Repeat repeat,
                        Map<String, List<JsonNode>> axes, List<Map<String, JsonNode>> points, SweepOrder order,
                        Long seed, Boolean warmupPoint, Duration warmupPointDuration, List<FindingSpec> findings, Budget budget,
                        List<CampaignCluster> clusters) {
    public static final int DEFAULT_REPEAT = 3;
    /** More points than this is almost certainly a typo in an axis, and would run for days. */
    public static final int MAX_POINTS = 1000;
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9._-]{1,64}");

    public SweepSpec {
        name = name == null ? "sweep" : name;
        if (!NAME.matcher(name).matches()) {
            throw InvalidInputException.field("name", "'" + name + "'", "must be 1-64 of a-zA-Z0-9._-");
        }
        if ((workload == null) == (base == null)) {
            throw InvalidInputException.field("workload/base", workload == null ? "neither" : "both",
                    "give exactly one: workload (a file) or base (an inline workload)");
        }
        repeat = repeat == null ? Repeat.fixed(DEFAULT_REPEAT) : repeat;
        clusters = checkedClusters(clusters);
        if (axes != null && points != null || axes == null && points == null && clusters.isEmpty()) {
            throw InvalidInputException.field("axes/points", axes == null ? "neither" : "both",
                    "give exactly one: axes (a cartesian product) or points (an explicit list); a campaign (clusters)"
                            + " may give neither");
        }
        order = order == null ? SweepOrder.INTERLEAVED : order;
        if (seed != null && order != SweepOrder.RANDOM) {
            throw InvalidInputException.field("seed", seed, "only applies to order: random (order is " + order + ")");
        }
        if (repeat.auto() && order == SweepOrder.SEQUENTIAL) {
            throw InvalidInputException.field("order", order, "repeat: auto runs rounds over all points: use interleaved or random");
        }
        if (budget != null && !repeat.auto()) {
            throw InvalidInputException.field("budget", budget, "only applies to repeat: auto (repeat is " + repeat + ")");
        }
        warmupPoint = warmupPoint != null && warmupPoint;
        if (warmupPointDuration != null && !warmupPoint) {
            throw InvalidInputException.field("warmupPointDuration", DurationText.format(warmupPointDuration),
                    "only applies with warmupPoint: true");
        }
        if (warmupPointDuration != null && (warmupPointDuration.isNegative() || warmupPointDuration.isZero())) {
            throw InvalidInputException.field("warmupPointDuration", DurationText.format(warmupPointDuration),
                    "needs a positive duration");
        }
        findings = findings == null ? List.of() : List.copyOf(findings);
        if (axes != null) {
            axes = Collections.unmodifiableMap(checkedAxes(axes));
        } else if (points != null) {
            points = List.copyOf(checkedPoints(points));
        }
        if (!clusters.isEmpty() && !clusterPaths(axes, points).isEmpty()) {
            throw InvalidInputException.field("clusters", clusterPaths(axes, points), "a campaign runs on external clusters, whose"
                    + " settings kbench does not set: cluster.* cannot be varied with clusters");
        }
        for (CampaignCluster c : clusters) {
            for (String path : c.set().keySet()) {
                boolean varied = axes != null ? axes.containsKey(path)
                        : points != null && points.stream().anyMatch(p -> p.containsKey(path));
                if (varied) {
                    throw InvalidInputException.field("clusters[" + c.name() + "].set." + path, c.set().get(path),
                            "is a path the " + (axes != null ? "axes" : "points") + " vary: set it in one place");
                }
            }
        }
        long total = (long) clusters.size() * Math.max(1, axes != null ? axes.values().stream()
                .mapToLong(List::size).reduce(1, (a, b) -> a * b) : points != null ? points.size() : 1);
        if (total > MAX_POINTS) {
            throw InvalidInputException.field("clusters", total + " points", "at most " + MAX_POINTS + " points per sweep");
        }
    }

    /** Whether this sweep is a campaign across named external clusters. */
    public boolean campaign() {
        return !clusters.isEmpty();
    }

    private static List<CampaignCluster> checkedClusters(List<CampaignCluster> clusters) {
        if (clusters == null) {
            return List.of();
        }
        if (clusters.isEmpty()) {
            throw InvalidInputException.field("clusters", "[]", "list at least one cluster, or leave clusters out");
        }
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, String> servers = new LinkedHashMap<>();
        for (CampaignCluster c : clusters) {
            if (c == null) {
                throw InvalidInputException.field("clusters[]", "null", "needs name, bootstrapServers, instanceType, brokers");
            }
            if (names.put(c.name(), c.name()) != null) {
                throw InvalidInputException.field("clusters[].name", c.name(), "names two clusters; names must differ");
            }
            String before = servers.put(c.bootstrapServers(), c.name());
            if (before != null) {
                throw InvalidInputException.field("clusters[" + c.name() + "].bootstrapServers", c.bootstrapServers(),
                        "is also cluster " + before + "'s: one cluster under two names would be measured twice");
            }
        }
        return List.copyOf(clusters);
    }

    /** This sweep with {@code repeat} and {@code budget} (the flags {@code --repetitions} and {@code --budget}). */
    public SweepSpec with(Repeat repeat, Budget budget) {
        return new SweepSpec(name, description, workload, base, repeat, axes, points, order, seed, warmupPoint,
                warmupPointDuration, findings, budget, clusters.isEmpty() ? null : clusters);
    }

    private static Map<String, List<JsonNode>> checkedAxes(Map<String, List<JsonNode>> axes) {
        if (axes.isEmpty()) {
            throw InvalidInputException.field("axes", "{}", "needs at least one path with values");
        }
        Map<String, List<JsonNode>> copy = new LinkedHashMap<>();
        long product = 1;
        for (Map.Entry<String, List<JsonNode>> axis : axes.entrySet()) {
            List<JsonNode> values = axis.getValue();
            if (values == null || values.isEmpty()) {
                throw InvalidInputException.field("axes." + axis.getKey(), values, "needs a non-empty list of values");
            }
            for (JsonNode v : values) {
                checkValue("axes." + axis.getKey(), v);
            }
            if (values.stream().distinct().count() != values.size()) {
                throw InvalidInputException.field("axes." + axis.getKey(), values, "lists a value twice");
            }
            product *= values.size();
            copy.put(checkedPath("axes", axis.getKey()), List.copyOf(values));
        }
        if (product > MAX_POINTS) {
            throw InvalidInputException.field("axes", product + " points", "at most " + MAX_POINTS + " points per sweep");
        }
        return copy;
    }

    private static List<Map<String, JsonNode>> checkedPoints(List<Map<String, JsonNode>> points) {
        if (points.isEmpty() || points.size() > MAX_POINTS) {
            throw InvalidInputException.field("points", points.size() + " points", "needs 1 to " + MAX_POINTS + " points");
        }
        List<Map<String, JsonNode>> copy = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            Map<String, JsonNode> point = points.get(i);
            if (point == null || point.isEmpty()) {
                throw InvalidInputException.field("points[" + i + "]", point, "needs at least one path: value");
            }
            Map<String, JsonNode> checked = new LinkedHashMap<>();
            point.forEach((path, value) -> {
                checkValue("points[" + copy.size() + "]." + path, value);
                checked.put(checkedPath("points[" + copy.size() + "]", path), value);
            });
            copy.add(Collections.unmodifiableMap(checked));
        }
        return copy;
    }

    private static String checkedPath(String where, String path) {
        if (path.isBlank() || path.startsWith(".") || path.endsWith(".") || path.contains("..") || path.contains("=")) {
            throw InvalidInputException.field(where, "'" + path + "'", "is not a workload path such as producers.count");
        }
        if (path.equals("name") || path.startsWith("topic.name")) {
            // The sweep names results and topics itself; varying these would break both.
            throw InvalidInputException.field(where + "." + path, "'" + path + "'", "cannot be varied in a sweep");
        }
        return path.trim();
    }

    private static void checkValue(String where, JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            throw InvalidInputException.field(where, "null", "needs a value");
        }
    }

    /** Whether any varied path touches the embedded cluster (refused against an external cluster). */
    public List<String> clusterPaths() {
        return clusterPaths(axes, points);
    }

    private static List<String> clusterPaths(Map<String, List<JsonNode>> axes, List<Map<String, JsonNode>> points) {
        List<String> paths = new ArrayList<>();
        if (axes != null) {
            axes.keySet().stream().filter(p -> p.startsWith("cluster.") || p.equals("cluster")).forEach(paths::add);
        } else if (points != null) {
            points.forEach(p -> p.keySet().stream().filter(k -> k.startsWith("cluster.") || k.equals("cluster"))
                    .filter(k -> !paths.contains(k)).forEach(paths::add));
        }
        return paths;
    }
}
