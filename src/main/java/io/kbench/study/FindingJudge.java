package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.kbench.result.OverridePaths;
import io.kbench.result.Spread;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.SweepResult;
import io.kbench.statistics.EffectRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a finding on a sweep's points with ranges that must not overlap: a claim is held only when every
 * repetition agrees with it, contradicted only when every repetition disagrees, and inconclusive otherwise. With
 * one repetition per point the ranges are single runs, so the verdict is no stronger than one run.
 */
public final class FindingJudge {
    private FindingJudge() {
    }

    /** The verdict of {@code finding} on {@code sweep}'s points. */
    public static FindingVerdict judge(Finding finding, SweepResult sweep) {
        if (finding.margin() != null) {
            return judge(finding, sweep, new EffectRule(0.95, 0)); // "same within ±m" has no range rule
        }
        List<FindingVerdict.Group> groups = new ArrayList<>();
        groupsOf(finding, sweep.points()).forEach((at, points) -> groups.add(judgeGroup(finding, at, points)));
        FindingOutcome outcome = groups.isEmpty() ? FindingOutcome.INCONCLUSIVE
                : groups.stream().anyMatch(g -> g.outcome() == FindingOutcome.CONTRADICTED) ? FindingOutcome.CONTRADICTED
                : groups.stream().allMatch(g -> g.outcome() == FindingOutcome.HELD) ? FindingOutcome.HELD
                : FindingOutcome.INCONCLUSIVE;
        return new FindingVerdict(finding.claim(), finding.metric().toString(), finding.rule(), outcome, groups);
    }

    /**
     * The verdict of {@code finding} with each effect's interval at {@code rule}'s confidence (a sequential look's
     * share of alpha, io.kbench.statistics.SequentialLooks); the equivalence margin is the finding's own.
     */
    public static FindingVerdict judge(Finding finding, SweepResult sweep, EffectRule rule) {
        return FindingEffects.judge(finding, sweep, rule);
    }

    /** The points grouped by their values of the finding's {@code per} paths, in sweep order. */
    private static Map<Map<String, JsonNode>, List<SweepResult.Point>> groupsOf(Finding finding, List<SweepResult.Point> points) {
        Map<Map<String, JsonNode>, List<SweepResult.Point>> groups = new LinkedHashMap<>();
        for (SweepResult.Point p : points) {
            Map<String, JsonNode> key = new LinkedHashMap<>();
            // A point that does not set a path (TLS off has no tlsVersion) groups under JSON null, never a Java null.
            finding.per().forEach(path -> key.put(path, p.overrides().getOrDefault(path, NullNode.getInstance())));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        return groups;
    }

    private static FindingVerdict.Group judgeGroup(Finding finding, Map<String, JsonNode> at, List<SweepResult.Point> points) {
        List<SweepResult.Point> subject = points.stream().filter(p -> matches(p, finding.subject())).toList();
        List<SweepResult.Point> others = finding.kind() == FindingKind.RATIO
                ? points.stream().filter(p -> matches(p, finding.versus())).toList()
                : points.stream().filter(p -> !matches(p, finding.subject())).toList();
        if (subject.isEmpty() || others.isEmpty()) {
            return new FindingVerdict.Group(at, FindingOutcome.INCONCLUSIVE, null, null,
                    "this group has no point to compare: it lacks " + (subject.isEmpty() ? describe(finding.subject())
                            : finding.kind() == FindingKind.RATIO ? describe(finding.versus()) : "another point"));
        }
        Range s = Range.of(subject, finding);
        Range o = Range.of(others, finding);
        if (s == null || o == null) {
            return new FindingVerdict.Group(at, FindingOutcome.INCONCLUSIVE, null, null,
                    "a point has no completed repetition here");
        }
        return switch (finding.kind()) {
            // Contradicted by any one other point wholly beyond the subject, not only by all of them together.
            case LOWEST -> extreme(finding, at, s, o, s.max < o.min,
                    eachOf(others, finding).stream().anyMatch(r -> r.max < s.min), "lowest");
            case HIGHEST -> extreme(finding, at, s, o, s.min > o.max,
                    eachOf(others, finding).stream().anyMatch(r -> r.min > s.max), "highest");
            case RATIO -> ratio(finding, at, s, o);
        };
    }

    /** Each point's own range (points without a completed repetition left out). */
    private static List<Range> eachOf(List<SweepResult.Point> points, Finding finding) {
        return points.stream().map(p -> Range.of(List.of(p), finding)).filter(java.util.Objects::nonNull).toList();
    }

    private static FindingVerdict.Group extreme(Finding f, Map<String, JsonNode> at, Range s, Range o, boolean held,
                                                boolean contradicted, String word) {
        FindingOutcome outcome = held ? FindingOutcome.HELD : contradicted ? FindingOutcome.CONTRADICTED : FindingOutcome.INCONCLUSIVE;
        String shown = describe(f.subject()) + " " + s.show(f) + "; other points " + o.show(f);
        return new FindingVerdict.Group(at, outcome, s.min, s.max, shown);
    }

    private static FindingVerdict.Group ratio(Finding f, Map<String, JsonNode> at, Range of, Range to) {
        double low = of.min / to.max;
        double high = of.max / to.min;
        boolean held;
        boolean contradicted;
        if (f.eitherWay()) {
            held = low > f.low() || high < 1 / f.low();
            contradicted = low >= 1 / f.low() && high <= f.low();
        } else if (f.low() != null && f.high() != null) {
            held = low >= f.low() && high <= f.high();
            contradicted = high < f.low() || low > f.high();
        } else if (f.low() != null) {
            held = low > f.low();
            contradicted = high <= f.low();
        } else {
            held = high < f.high();
            contradicted = low >= f.high();
        }
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            return new FindingVerdict.Group(at, FindingOutcome.INCONCLUSIVE, null, null,
                    "the denominator point's range reaches 0: no ratio");
        }
        FindingOutcome outcome = held ? FindingOutcome.HELD : contradicted ? FindingOutcome.CONTRADICTED : FindingOutcome.INCONCLUSIVE;
        String shown = String.format(Locale.ROOT, "%s / %s = %.2fx..%.2fx (claimed %s); %s %s, %s %s",
                describe(f.subject()), describe(f.versus()), low, high, f.bounds(),
                describe(f.subject()), of.show(f), describe(f.versus()), to.show(f));
        return new FindingVerdict.Group(at, outcome, low, high, shown);
    }

    private static boolean matches(SweepResult.Point p, Map<String, String> selector) {
        return selector.entrySet().stream().allMatch(e -> {
            JsonNode v = p.overrides().get(e.getKey());
            return v != null && v.asText().equals(e.getValue());
        });
    }

    private static String describe(Map<String, String> selector) {
        List<String> parts = new ArrayList<>();
        selector.forEach((path, value) -> parts.add(OverridePaths.shortName(path) + "=" + value));
        return String.join(",", parts);
    }

    /** The union of min..max over some points; null when one of them has no completed repetition or none match. */
    private record Range(double min, double max) {
        static Range of(List<SweepResult.Point> points, Finding f) {
            if (points.isEmpty()) {
                return null;
            }
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (SweepResult.Point p : points) {
                Spread spread = p.summary() == null ? null : p.summary().spread(f.metric().group(), f.metric().field());
                if (spread == null) {
                    return null;
                }
                min = Math.min(min, spread.min());
                max = Math.max(max, spread.max());
            }
            return new Range(min, max);
        }

        String show(Finding f) {
            return f.metric().isLatency()
                    ? String.format(Locale.ROOT, "%.2f..%.2f ms", min / 1000, max / 1000)
                    : String.format(Locale.ROOT, "%,.1f..%,.1f %s", min, max, f.metric().field().startsWith("mebibytes") ? "MiB/s"
                    : f.metric().field().equals("recordsPerSec") ? "records/s" : f.metric().field());
        }
    }
}
