package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.InvalidInputException;
import io.kbench.kpi.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A finding checked against the sweep it belongs to: every path and value it names is one the sweep varies, so a typo
 * fails before the first broker starts.
 *
 * @param claim   the claim in words
 * @param kind    lowest, highest or ratio
 * @param metric  the figure compared
 * @param subject the point judged (lowest/highest) or the ratio's numerator, as path -> value text
 * @param versus  the ratio's denominator; empty otherwise
 * @param low     the ratio's lower bound (exclusive for {@code above}); null when open
 * @param high    the ratio's upper bound (exclusive for {@code below}); null when open
 * @param per     the paths whose combinations form the groups
 * @param id        the name a claims registry refers to; null when the sweep file gives none
 * @param eitherWay a ratio judged in both directions (only with a lower bound above 1)
 * @param margin    a ratio claimed to be 1 within this fraction (equivalence); null for a bounded ratio
 * @param needs     what the claim's effect needs, measured on the compared points ({@link Preconditions#NONE}: nothing)
 * @param combine   how the groups make the verdict: each on its own, or pooled into one main effect (ratios only)
 */
public record Finding(String claim, FindingKind kind, Metric metric, Map<String, String> subject, Map<String, String> versus,
                      Double low, Double high, List<String> per, String id, boolean eitherWay, Double margin,
                      Preconditions needs, GroupCombination combine) {

    public Finding {
        if (id != null && !id.matches("[a-z0-9][a-z0-9-]{0,63}")) {
            throw InvalidInputException.field("findings.id", id, "needs lowercase letters, digits and '-', at most 64");
        }
        if (eitherWay && (kind != FindingKind.RATIO || low == null || high != null || low <= 1 || margin != null)) {
            throw InvalidInputException.field("findings.eitherWay", claim, "needs a ratio with above: k, k > 1");
        }
        // Insertion order kept (not Map.copyOf): the figures name the paths in the order the claim gives them, the
        // same on every run, so generated pages do not change with the JVM's hash seed.
        subject = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(subject));
        versus = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versus));
        per = List.copyOf(per);
        needs = needs == null ? Preconditions.NONE : needs;
        combine = combine == null ? GroupCombination.EACH : combine;
        if (combine == GroupCombination.POOLED && kind != FindingKind.RATIO) {
            throw InvalidInputException.field("findings.combine", "pooled", "applies to a ratio; lowest and highest "
                    + "name one point in each group");
        }
    }

    /**
     * Checks {@code spec}, the {@code index}-th finding, against the sweep's varied paths and the values each takes.
     *
     * @param varied path -> the value texts the sweep's points give it
     */
    public static Finding of(FindingSpec spec, int index, Map<String, Set<String>> varied) {
        String at = "findings[" + index + "]";
        if (spec.claim() == null || spec.claim().isBlank()) {
            throw InvalidInputException.field(at + ".claim", spec.claim(), "needs the claim in words");
        }
        Metric metric = metric(at, spec.metric());
        int shapes = (spec.lowest() != null ? 1 : 0) + (spec.highest() != null ? 1 : 0) + (spec.ratio() != null ? 1 : 0);
        if (shapes != 1) {
            throw InvalidInputException.field(at, "'" + spec.claim() + "'", "needs exactly one of lowest, highest or ratio");
        }
        FindingKind kind = spec.lowest() != null ? FindingKind.LOWEST : spec.highest() != null ? FindingKind.HIGHEST
                : FindingKind.RATIO;
        Map<String, String> subject;
        Map<String, String> versus = Map.of();
        Double low = null;
        Double high = null;
        if (kind == FindingKind.RATIO) {
            if (spec.ratio().of() == null || spec.ratio().to() == null) {
                throw InvalidInputException.field(at + ".ratio", spec.ratio(), "needs both of: and to:");
            }
            subject = selector(at + ".ratio.of", spec.ratio().of(), varied);
            versus = selector(at + ".ratio.to", spec.ratio().to(), varied);
            if (!subject.keySet().equals(versus.keySet()) || subject.equals(versus)) {
                throw InvalidInputException.field(at + ".ratio", subject + " / " + versus,
                        "of: and to: must name the same paths with different values");
            }
            if (spec.within() == null) {
                double[] bounds = bounds(at, spec);
                low = Double.isNaN(bounds[0]) ? null : bounds[0];
                high = Double.isNaN(bounds[1]) ? null : bounds[1];
            } else if (spec.between() != null || spec.above() != null || spec.below() != null || !(spec.within() > 0)
                    || !(spec.within() < 1)) {
                throw InvalidInputException.field(at + ".within", spec.within(),
                        "needs a margin in (0, 1) such as 0.10, instead of between, above and below");
            }
        } else {
            if (spec.between() != null || spec.above() != null || spec.below() != null || spec.within() != null) {
                throw InvalidInputException.field(at, "'" + spec.claim() + "'", "between, above, below and within belong to a ratio");
            }
            String name = kind == FindingKind.LOWEST ? "lowest" : "highest";
            subject = selector(at + "." + name, kind == FindingKind.LOWEST ? spec.lowest() : spec.highest(), varied);
        }
        return new Finding(spec.claim().trim(), kind, metric, subject, versus, low, high, per(at, spec.per(), subject, varied),
                spec.id(), Boolean.TRUE.equals(spec.eitherWay()), kind == FindingKind.RATIO ? spec.within() : null,
                Preconditions.of(at, spec.needs(), varied), GroupCombination.parse(at + ".combine", spec.combine()));
    }

    private static Metric metric(String at, String text) {
        if (text == null) {
            throw InvalidInputException.field(at + ".metric", null, "needs a metric such as produced.recordsPerSec");
        }
        try {
            return Metric.parse(text);
        } catch (InvalidInputException e) {
            throw InvalidInputException.field(at + ".metric", text, "unknown metric; use one a threshold takes, "
                    + "e.g. produced.recordsPerSec, produced.mebibytesPerSec, publish.p99, e2e.p50");
        }
    }

    private static Map<String, String> selector(String at, Map<String, JsonNode> settings, Map<String, Set<String>> varied) {
        if (settings.isEmpty()) {
            throw InvalidInputException.field(at, "{}", "needs at least one path: value of the sweep");
        }
        Map<String, String> texts = new LinkedHashMap<>();
        settings.forEach((path, value) -> {
            Set<String> values = varied.get(path);
            if (values == null) {
                throw InvalidInputException.field(at + "." + path, "'" + path + "'", "is not varied by this sweep; varied: "
                        + String.join(", ", varied.keySet()));
            }
            String text = value == null || value.isNull() ? "null" : value.asText();
            if (!values.contains(text)) {
                throw InvalidInputException.field(at + "." + path, text, "is not a value of this sweep; values: "
                        + String.join(", ", values));
            }
            texts.put(path, text);
        });
        return texts;
    }

    private static double[] bounds(String at, FindingSpec spec) {
        int given = (spec.between() != null ? 1 : 0) + (spec.above() != null ? 1 : 0) + (spec.below() != null ? 1 : 0);
        if (given != 1) {
            throw InvalidInputException.field(at, "'" + spec.claim() + "'", "a ratio needs exactly one of between, above or below");
        }
        if (spec.between() != null) {
            List<Double> b = spec.between();
            if (b.size() != 2 || b.get(0) == null || b.get(1) == null || !(b.get(0) > 0 && b.get(0) < b.get(1))) {
                throw InvalidInputException.field(at + ".between", b, "needs [low, high] with 0 < low < high");
            }
            return new double[] {b.get(0), b.get(1)};
        }
        double bound = spec.above() != null ? spec.above() : spec.below();
        if (!(bound > 0) || Double.isInfinite(bound)) {
            throw InvalidInputException.field(at + (spec.above() != null ? ".above" : ".below"), bound, "needs a ratio > 0");
        }
        return spec.above() != null ? new double[] {bound, Double.NaN} : new double[] {Double.NaN, bound};
    }

    private static List<String> per(String at, List<String> per, Map<String, String> subject, Map<String, Set<String>> varied) {
        if (per == null) {
            // Sorted: the varied paths come from the points' overrides, whose order differs between a live sweep and
            // its re-read sweep.json, and the groups' "at" (kept in the study data) must not reorder on every re-judge.
            List<String> rest = new ArrayList<>(varied.keySet());
            rest.removeAll(subject.keySet());
            rest.sort(null);
            return rest;
        }
        for (String path : per) {
            if (!varied.containsKey(path)) {
                throw InvalidInputException.field(at + ".per", "'" + path + "'", "is not varied by this sweep; varied: "
                        + String.join(", ", varied.keySet()));
            }
            if (subject.containsKey(path)) {
                throw InvalidInputException.field(at + ".per", "'" + path + "'", "is the path the claim compares; it cannot also group");
            }
        }
        return per;
    }

    /** The rule applied at 95%, in words, for the result and the report, with what the claim needs. */
    public String rule() {
        return rule(0.95);
    }

    /**
     * The rule applied with intervals at {@code confidence} (a sweep that repeated until decided judges at its look's
     * confidence), in words, with what the claim needs.
     */
    public String rule(double confidence) {
        String judgement = combine == GroupCombination.POOLED
                ? "pooled: " + judgement(confidence).replace("the ratio of geometric means over the repetitions",
                "the geometric mean of the groups' ratios (each group's geometric means over its repetitions;"
                + " Satterthwaite's degrees of freedom)") + "; each group shown as judged alone"
                : judgement(confidence) + "; judged in m comparisons (groups, or points against the subject),"
                + " a contradiction needs the 1 - (1 - c)/m interval (Bonferroni)";
        return needs.isEmpty() ? judgement : judgement + "; needs (else not testable here): " + needs.text();
    }

    private String judgement(double confidence) {
        String interval = "the " + percent(confidence) + " interval of the ratio of geometric means over the repetitions"
                + " (Welch, on the logarithms)";
        String tost = percent(2 * confidence - 1);
        return switch (kind) {
            case LOWEST -> "held when the point is lower than every other point of its group by " + interval
                    + "; contradicted when another point is decided lower";
            case HIGHEST -> "held when the point is higher than every other point of its group by " + interval
                    + "; contradicted when another point is decided higher";
            case RATIO -> margin != null
                    ? "held when of and to are equivalent within " + bounds() + " (two one-sided tests: the " + tost + " interval "
                    + "of the ratio inside the margin); contradicted when " + interval + " lies wholly beyond it"
                    : eitherWay
                    ? interval + "; held when it lies wholly above " + low + " or wholly below 1/" + low
                    + " (either direction), contradicted when it lies wholly within [1/" + low + ", " + low + "]"
                    : directionOnly()
                    ? interval + "; held when it lies inside " + bounds() + ", contradicted when wholly outside or"
                    + " when the two are equivalent within ±" + Math.round(FindingJudge.NEGLIGIBLE * 100)
                    + "% (two one-sided tests: the " + tost + " interval inside the margin), decided direction or"
                    + " not: a direction claimed with no size is taken to mean an effect that matters"
                    : interval + "; held when it lies inside " + bounds() + ", contradicted when wholly outside";
        };
    }

    /**
     * A ratio claimed in one direction with no size ({@code above: 1} or {@code below: 1}: "compression adds latency"):
     * left open, it is contradicted when the two are equivalent within {@link FindingJudge#NEGLIGIBLE}.
     */
    public boolean directionOnly() {
        return kind == FindingKind.RATIO && margin == null && !eitherWay
                && (low != null && low == 1.0 && high == null || high != null && high == 1.0 && low == null);
    }

    /** A confidence as the intervals show it: 95%, 97.4%. */
    private static String percent(double confidence) {
        return io.kbench.statistics.Effect.confidencePercent(confidence) + "%";
    }

    /** The claimed ratio bounds, e.g. (2, 7) or > 3. */
    public String bounds() {
        if (margin != null) {
            return String.format(java.util.Locale.ROOT, "1 ± %.0f%%", margin * 100);
        }
        if (eitherWay) {
            return "> " + low + " or < 1/" + low;
        }
        if (low != null && high != null) {
            return "[" + low + ", " + high + "]";
        }
        return low != null ? "(" + low + ", inf)" : "(0, " + high + ")";
    }
}
