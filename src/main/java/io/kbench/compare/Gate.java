package io.kbench.compare;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.error.InvalidInputException;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code kbench compare --baseline}: a candidate's repetitions against the baseline runs, KPI by KPI, each decided by
 * the one {@link EffectRule} (the ratio of geometric means with Welch's interval on the logarithms, two one-sided tests
 * for equivalence; see its Javadoc for the sources). A change is a regression only when the effect is decided in the
 * worse direction <b>and</b> the estimated change is at least the minimum effect: neither a noisy difference nor a
 * decided but negligible one fails a build. An effect the repetitions cannot decide is {@link Verdict#UNDECIDED},
 * with the smallest effect they could have detected, and does not fail the build.
 *
 * @param rule      confidence and equivalence margin
 * @param minEffect smallest estimated change, as a fraction, that counts as a regression or an improvement, e.g. 0.05
 */
public record Gate(EffectRule rule, double minEffect) {
    public Gate {
        Objects.requireNonNull(rule, "rule");
        if (!(minEffect >= 0 && minEffect < 1)) {
            throw InvalidInputException.field("--min-effect", minEffect * 100, "must be a percentage in [0, 100)");
        }
    }

    public List<KpiVerdict> judge(List<CatalogEntry> baseline, List<CatalogEntry> candidate) {
        Objects.requireNonNull(baseline, "baseline");
        List<KpiVerdict> verdicts = new ArrayList<>();
        for (CatalogKpi kpi : CatalogKpi.values()) {
            double[] b = values(baseline, kpi);
            double[] c = values(candidate, kpi);
            if (b.length == 0 || c.length == 0) {
                continue;
            }
            Effect e = rule.decide(b, c);
            verdicts.add(new KpiVerdict(kpi, median(b), median(c), e, verdict(kpi, e), minEffect));
        }
        return verdicts;
    }

    /** The verdict an effect leads to for a KPI, given its better direction and the minimum effect. */
    Verdict verdict(CatalogKpi kpi, Effect e) {
        if (!e.hasInterval()) {
            return Verdict.TOO_FEW_RUNS;
        }
        return switch (e.outcome()) {
            case UNDECIDED -> Verdict.UNDECIDED;
            case EQUIVALENT -> Verdict.NO_CHANGE;
            case HIGHER, LOWER -> {
                if (Math.abs(e.ratio() - 1) < minEffect) {
                    yield Verdict.NO_CHANGE;
                }
                boolean worse = kpi.higherIsBetter() == (e.outcome() == Effect.Outcome.LOWER);
                yield worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
            }
        };
    }

    /** The sentence that says how the gate decides, under its table, in the Markdown summary and the JSON. */
    public String ruleText() {
        return "effect: " + Comparison.effectRule(rule, "the candidate against the baseline") + String.format(Locale.ROOT,
                "; REGRESSION/IMPROVEMENT when decided worse/better by at least %s%% (--min-effect), NO_CHANGE when"
                + " equivalent or smaller, UNDECIDED (does not fail the build) otherwise, TOO_FEW_RUNS with one run on a"
                + " side", Comparison.plain(minEffect * 100));
    }

    /** Only runs whose value is positive: an effect is a ratio, and a KPI of 0 (nothing consumed) has none. */
    private static double[] values(List<CatalogEntry> runs, CatalogKpi kpi) {
        return runs.stream().map(r -> r.kpi(kpi)).filter(o -> o.isPresent() && o.getAsDouble() > 0)
                .mapToDouble(o -> o.getAsDouble()).toArray();
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
