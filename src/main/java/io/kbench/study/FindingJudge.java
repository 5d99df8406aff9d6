package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.kbench.result.OverridePaths;
import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.result.sweep.RepetitionMode;
import io.kbench.result.sweep.SweepRepetitions;
import io.kbench.result.sweep.SweepResult;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a finding on a sweep's points by the effect of one point against another with its 95% interval over the
 * repetitions ({@link EffectRule}: Welch's interval on the logarithms): a ratio claim is held when the interval lies
 * inside the claimed bounds, contradicted when it lies wholly outside, inconclusive otherwise, with the smallest
 * effect the repetitions could have told apart; a direction claimed with no size ({@code above: 1}, {@code below: 1}) is
 * contradicted too when the two are equivalent within ±{@link #NEGLIGIBLE}. A "same within ±m" claim is held when the
 * two are equivalent within the margin (two one-sided tests), contradicted when the interval lies wholly beyond it. Lowest and highest compare
 * the subject with each other point of its group on its own.
 */
public final class FindingJudge {
    /**
     * The smallest effect a claim with a direction and no size is taken to mean, as a fraction: kbench's margin for
     * "the same" everywhere (statistics.EffectRule.DEFAULT). A direction claim is contradicted when the two are
     * equivalent within it (Schuirmann's two one-sided tests), even when the direction is decided too: "the same within
     * ±5%" is a result, and an effect that small is not what "adds latency" or "lowers throughput" tells an operator to
     * expect.
     */
    public static final double NEGLIGIBLE = 0.05;
    /** 95% intervals; the equivalence margin comes from the finding. */
    static final EffectRule RULE = new EffectRule(0.95, 0);

    private FindingJudge() {
    }

    /**
     * The verdict of {@code finding} on {@code sweep}'s points, at {@link #ruleFor the confidence its repetitions call
     * for}.
     */
    public static FindingVerdict judge(Finding finding, SweepResult sweep) {
        return judge(finding, sweep, ruleFor(sweep));
    }

    /**
     * The intervals a kept sweep's findings are judged again at: a sweep that repeated until decided looked at its
     * findings after every round, each look at the confidence its share of alpha allowed (Lan &amp; DeMets 1983), so
     * judging its final data at a plain 95% would spend the alpha again that the looks already spent; it is judged at
     * the confidence of its last look ({@code repetitions.finalConfidence}), the final analysis of the sequential
     * design. Any other sweep: 95%.
     */
    public static EffectRule ruleFor(SweepResult sweep) {
        SweepRepetitions r = sweep.repetitions();
        if (r != null && r.mode() == RepetitionMode.AUTO && r.finalConfidence() != null) {
            return new EffectRule(r.finalConfidence(), 0);
        }
        return RULE;
    }

    /**
     * The verdict with intervals at {@code rule}'s confidence: a sweep that repeats until decided looks at its findings
     * at a higher confidence on each look ({@code statistics.SequentialLooks}); the margin comes from the finding.
     */
    public static FindingVerdict judge(Finding finding, SweepResult sweep, EffectRule rule) {
        EffectRule noMargin = rule.withMargin(0);
        Map<Map<String, JsonNode>, List<SweepResult.Point>> byGroup = groupsOf(finding, sweep.points());
        List<GroupJudgement> first = new ArrayList<>();
        byGroup.forEach((at, points) -> first.add(judgeGroup(finding, at, points, noMargin)));
        if (finding.combine() == GroupCombination.POOLED) {
            return PooledJudgement.judge(finding, first, rule);
        }
        int comparisons = first.stream().mapToInt(GroupJudgement::comparisons).sum();
        List<FindingVerdict.Group> groups = new ArrayList<>();
        int i = 0;
        for (Map.Entry<Map<String, JsonNode>, List<SweepResult.Point>> e : byGroup.entrySet()) {
            GroupJudgement g = first.get(i++);
            groups.add(g.group().outcome() == FindingOutcome.CONTRADICTED && comparisons > 1
                    ? contradictedAmong(finding, e.getKey(), e.getValue(), noMargin, comparisons, g) : g.group());
        }
        return new FindingVerdict(finding.claim(), finding.metric().toString(), finding.rule(rule.confidence()),
                outcome(groups), groups);
    }

    /**
     * A group contradicted at the finding's confidence, judged again as one of {@code comparisons}: the claim holds
     * only where it holds in every group, so one contradicted group contradicts it, and m chances to contradict it at
     * 1 - c each would contradict a true claim up to m times as often. A contradiction therefore needs the interval at
     * 1 - (1 - c) / m (Bonferroni's inequality); holding needs no such correction, as every group must hold at 1 - c
     * (an intersection-union test: Berger 1982, Technometrics 24(4), 295-300).
     */
    private static FindingVerdict.Group contradictedAmong(Finding finding, Map<String, JsonNode> at,
                                                          List<SweepResult.Point> points, EffectRule rule,
                                                          int comparisons, GroupJudgement judged) {
        EffectRule family = new EffectRule(1 - (1 - rule.confidence()) / comparisons, 0);
        FindingVerdict.Group again = judgeGroup(finding, at, points, family).group();
        if (again.outcome() == FindingOutcome.CONTRADICTED) {
            return again;
        }
        FindingVerdict.Group first = judged.group();
        boolean same = judged.contradiction() == GroupJudgement.Contradiction.EQUIVALENT;
        return new FindingVerdict.Group(at, FindingOutcome.INCONCLUSIVE, first.low(), first.high(), first.shown()
                + (same ? "; equivalent within ±" + Math.round(NEGLIGIBLE * 100) + "% at " : "; outside the claim at ")
                + Effect.confidencePercent(rule.confidence()) + "% but not at the "
                + Effect.confidencePercent(family.confidence()) + "% that " + comparisons
                + " comparisons judged together need to contradict it (Bonferroni)");
    }

    /**
     * The finding's outcome over its groups: a group whose precondition failed or was not measured is left out of
     * the verdict; held needs every other group held and none unmeasured.
     */
    static FindingOutcome outcome(List<FindingVerdict.Group> groups) {
        List<FindingVerdict.Group> judged = groups.stream().filter(g -> g.outcome() != FindingOutcome.NOT_TESTABLE
                && g.outcome() != FindingOutcome.NOT_MEASURED).toList();
        boolean unmeasured = groups.stream().anyMatch(g -> g.outcome() == FindingOutcome.NOT_MEASURED);
        if (groups.isEmpty()) {
            return FindingOutcome.INCONCLUSIVE;
        }
        if (judged.isEmpty()) {
            return unmeasured ? FindingOutcome.NOT_MEASURED : FindingOutcome.NOT_TESTABLE;
        }
        if (judged.stream().anyMatch(g -> g.outcome() == FindingOutcome.CONTRADICTED)) {
            return FindingOutcome.CONTRADICTED;
        }
        return !unmeasured && judged.stream().allMatch(g -> g.outcome() == FindingOutcome.HELD) ? FindingOutcome.HELD
                : FindingOutcome.INCONCLUSIVE;
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

    private static GroupJudgement judgeGroup(Finding finding, Map<String, JsonNode> at, List<SweepResult.Point> points,
                                             EffectRule rule) {
        List<SweepResult.Point> subject = points.stream().filter(p -> matches(p, finding.subject())).toList();
        List<SweepResult.Point> others = finding.kind() == FindingKind.RATIO
                ? points.stream().filter(p -> matches(p, finding.versus())).toList()
                : points.stream().filter(p -> !matches(p, finding.subject())).toList();
        Preconditions needs = finding.needs();
        // The claim's stated range: a compared point outside it is not the claim's, so its group is not testable; a
        // lowest/highest claim compares its subject with the other points inside the range only.
        List<SweepResult.Point> bound = finding.kind() == FindingKind.RATIO ? concat(subject, others) : subject;
        for (SweepResult.Point p : bound) {
            java.util.Optional<String> out = PreconditionCheck.outsideRange(needs, p);
            if (out.isPresent()) {
                return GroupJudgement.none(new FindingVerdict.Group(at, FindingOutcome.NOT_TESTABLE, null, null,
                        "not testable here: " + out.get()));
            }
        }
        if (finding.kind() != FindingKind.RATIO) {
            others = others.stream().filter(p -> PreconditionCheck.outsideRange(needs, p).isEmpty()).toList();
        }
        if (!subject.isEmpty() && !others.isEmpty()) {
            java.util.Optional<PreconditionCheck.Unmet> unmet = PreconditionCheck.check(finding, concat(subject, others));
            if (unmet.isPresent()) {
                return GroupJudgement.none(new FindingVerdict.Group(at, unmet.get().outcome(), null, null, unmet.get().reason()));
            }
        }
        if (subject.isEmpty() || others.isEmpty()) {
            return GroupJudgement.none(inconclusive(at, "this group has no point to compare: it lacks "
                    + (subject.isEmpty() ? describe(finding.subject()) : finding.kind() == FindingKind.RATIO
                    ? describe(finding.versus()) : "another point")));
        }
        PointRepetitions s = PointRepetitions.of(subject, finding);
        if (s.problem() != null) {
            return GroupJudgement.none(inconclusive(at, s.problem()));
        }
        if (finding.kind() == FindingKind.RATIO) {
            PointRepetitions o = PointRepetitions.of(others, finding);
            return o.problem() != null ? GroupJudgement.none(inconclusive(at, o.problem())) : ratio(finding, at, s, o, rule);
        }
        List<PointRepetitions> each = new ArrayList<>();
        for (SweepResult.Point p : others) {
            PointRepetitions r = PointRepetitions.of(List.of(p), finding);
            if (r.problem() != null) {
                return GroupJudgement.none(inconclusive(at, r.problem()));
            }
            each.add(r);
        }
        FindingVerdict.Group extreme = extreme(finding, at, s, each, rule);
        return new GroupJudgement(extreme, each.size(), null, null, extreme.outcome() == FindingOutcome.CONTRADICTED
                ? GroupJudgement.Contradiction.OUTSIDE_CLAIM : GroupJudgement.Contradiction.NONE);
    }

    private static List<SweepResult.Point> concat(List<SweepResult.Point> a, List<SweepResult.Point> b) {
        List<SweepResult.Point> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static FindingVerdict.Group inconclusive(Map<String, JsonNode> at, String why) {
        return new FindingVerdict.Group(at, FindingOutcome.INCONCLUSIVE, null, null, why);
    }

    /** Lowest (highest): held when the subject is decided lower (higher) than every other point, contradicted by any one decided the other way. */
    private static FindingVerdict.Group extreme(Finding f, Map<String, JsonNode> at, PointRepetitions s, List<PointRepetitions> others,
                                                EffectRule rule) {
        boolean lowest = f.kind() == FindingKind.LOWEST;
        Effect.Outcome wanted = lowest ? Effect.Outcome.LOWER : Effect.Outcome.HIGHER;
        Effect.Outcome against = lowest ? Effect.Outcome.HIGHER : Effect.Outcome.LOWER;
        boolean held = true;
        boolean contradicted = false;
        List<String> parts = new ArrayList<>();
        for (PointRepetitions o : others) {
            Effect e = rule.decide(o.values(), s.values());
            held &= e.outcome() == wanted;
            contradicted |= e.outcome() == against;
            parts.add("vs " + o.name() + " " + EffectText.ratio(e));
        }
        FindingOutcome outcome = held ? FindingOutcome.HELD : contradicted ? FindingOutcome.CONTRADICTED : FindingOutcome.INCONCLUSIVE;
        String shown = describe(f.subject()) + " " + s.show(f) + ", " + (lowest ? "lowest" : "highest") + " claimed; "
                + String.join("; ", parts);
        return new FindingVerdict.Group(at, outcome, s.min(), s.max(), shown);
    }

    private static GroupJudgement ratio(Finding f, Map<String, JsonNode> at, PointRepetitions of, PointRepetitions to,
                                        EffectRule rule) {
        Effect e = rule.withMargin(f.margin() == null ? 0 : f.margin()).decide(to.values(), of.values());
        if (!e.hasInterval()) {
            return GroupJudgement.none(inconclusive(at, describe(f.subject()) + " / " + describe(f.versus()) + " = "
                    + String.format(Locale.ROOT, "%.2fx", e.ratio()) + " from " + e.runsB() + " and " + e.runsA()
                    + " repetitions: one repetition a side has no spread to judge by"));
        }
        Effect interval = f.margin() == null ? e : rule.decide(to.values(), of.values());
        double low = interval.low();
        double high = interval.high();
        FindingOutcome outcome = verdict(f, e, interval);
        Effect same = negligible(f, rule.withMargin(NEGLIGIBLE).decide(to.values(), of.values()));
        if (same != null) {
            outcome = FindingOutcome.CONTRADICTED;
        }
        String shown = describe(f.subject()) + " / " + describe(f.versus()) + " = " + EffectText.ratio(interval)
                + " (claimed " + f.bounds() + ")"
                + (f.margin() != null ? "; " + e.text() : "")
                + (same != null ? "; " + EffectText.negligible(same)
                : outcome == FindingOutcome.INCONCLUSIVE && f.margin() == null ? "; " + EffectText.undecided(interval) : "")
                + "; " + describe(f.subject()) + " " + of.show(f) + ", " + describe(f.versus()) + " " + to.show(f);
        GroupJudgement.Contradiction contradiction = same != null ? GroupJudgement.Contradiction.EQUIVALENT
                : outcome == FindingOutcome.CONTRADICTED ? GroupJudgement.Contradiction.OUTSIDE_CLAIM : GroupJudgement.Contradiction.NONE;
        return new GroupJudgement(new FindingVerdict.Group(at, outcome, low, high, shown), 1, to.values(), of.values(),
                contradiction);
    }

    /**
     * {@code same} when a direction claim is contradicted by it: the two equivalent within {@link #NEGLIGIBLE}, whether
     * or not the direction is also decided (as {@link EffectRule} orders them: an effect smaller than the margin is
     * below what was said to matter); null otherwise.
     */
    static Effect negligible(Finding f, Effect same) {
        return f.directionOnly() && same.outcome() == Effect.Outcome.EQUIVALENT ? same : null;
    }

    /** A ratio claim's verdict on an effect ({@code e}: with the finding's margin) and its plain interval. */
    static FindingOutcome verdict(Finding f, Effect e, Effect interval) {
        double low = interval.low();
        double high = interval.high();
        boolean held;
        boolean contradicted;
        if (f.margin() != null) {
            held = e.outcome() == Effect.Outcome.EQUIVALENT;
            contradicted = low > 1 + f.margin() || high < 1 - f.margin();
        } else if (f.eitherWay()) {
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
        return held ? FindingOutcome.HELD : contradicted ? FindingOutcome.CONTRADICTED : FindingOutcome.INCONCLUSIVE;
    }

    private static boolean matches(SweepResult.Point p, Map<String, String> selector) {
        return selector.entrySet().stream().allMatch(e -> {
            JsonNode v = p.overrides().get(e.getKey());
            return v != null && v.asText().equals(e.getValue());
        });
    }

    static String describe(Map<String, String> selector) {
        List<String> parts = new ArrayList<>();
        selector.forEach((path, value) -> parts.add(OverridePaths.shortName(path) + "=" + value));
        return String.join(",", parts);
    }
}
