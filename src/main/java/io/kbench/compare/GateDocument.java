package io.kbench.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;

/**
 * What {@code kbench compare --baseline REF --json FILE} writes: the gate's rule, what differs between the sides, and
 * one verdict per KPI with its effect. Described in docs/history.md.
 *
 * @param schemaVersion bumped on incompatible changes
 * @param kind          "gate"
 * @param baseline      the REF given to --baseline
 * @param baselineRuns  catalog runs it selected (the candidate's own left out)
 * @param confidence    the intervals' confidence, e.g. 0.95
 * @param margin        the equivalence margin as a fraction, e.g. 0.05
 * @param minEffect     the smallest estimated change of a regression or improvement, as a fraction
 * @param rule          the rule in words
 * @param conditions    what differs between candidate and baseline runs (durability, offered load, cluster)
 * @param verdicts      one per KPI both sides measured
 */
public record GateDocument(int schemaVersion, String kind, String baseline, int baselineRuns, double confidence,
                           double margin, double minEffect, String rule, Conditions conditions, List<KpiJson> verdicts) {
    public static final String KIND = "gate";

    /**
     * Like with like.
     *
     * @param differences every difference, e.g. "acks 1 (baseline: all)"; empty for like with like
     * @param durability  the durability differences among them (the gate ran only because they were allowed)
     * @param unchecked   baseline runs whose result.json could not be read, so were not checked
     * @param shortWindows runs, on either side, measured over a window under 5 s
     */
    public record Conditions(List<String> differences, List<String> durability, int unchecked, int shortWindows) {
    }

    /**
     * One KPI.
     *
     * @param kpi             e.g. produced.recordsPerSec
     * @param unit            records/s, MiB/s or ms
     * @param verdict         regression, improvement, no_change, undecided or too_few_runs
     * @param baselineMedian  in the unit
     * @param candidateMedian in the unit
     * @param effect          the candidate against the baseline, with its interval
     * @param text            the verdict's line as the terminal prints it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record KpiJson(String kpi, String unit, String verdict, double baselineMedian, double candidateMedian,
                          EffectFields effect, String text) {
    }

    public static GateDocument of(String ref, int baselineRuns, Gate gate, GateConditions like, List<KpiVerdict> verdicts) {
        return new GateDocument(1, KIND, ref, baselineRuns, gate.rule().confidence(), gate.rule().margin(),
                gate.minEffect(), gate.ruleText(), new Conditions(like.differences(), like.durability(), like.unchecked(),
                        like.shortWindows()),
                verdicts.stream().map(v -> new KpiJson(v.kpi().label(), v.kpi().unit(),
                        v.verdict().name().toLowerCase(Locale.ROOT), v.baselineMedian(), v.candidateMedian(),
                        EffectFields.of(v.effect()), v.text().strip())).toList());
    }
}
