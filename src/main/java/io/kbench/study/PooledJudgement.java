package io.kbench.study;

import io.kbench.result.sweep.FindingOutcome;
import io.kbench.result.sweep.FindingVerdict;
import io.kbench.statistics.Effect;
import io.kbench.statistics.EffectRule;
import io.kbench.statistics.PooledContrast;
import io.kbench.statistics.Welch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A finding with {@code combine: pooled}: judged on its main effect over the groups (docs/sweeps.md, "Findings"). */
final class PooledJudgement {
    private PooledJudgement() {
    }

    /**
     * A claim about a factor in general judged on its main effect: the mean over the groups (strata) of each group's
     * log ratio, with Satterthwaite's interval ({@link PooledContrast}); groups whose precondition failed or that have
     * no interval are left out, and shown. One test, so no correction for several: the groups follow, each as judged
     * alone, for what the pooled effect averages over.
     */
    static FindingVerdict judge(Finding finding, List<GroupJudgement> judged, EffectRule rule) {
        List<double[]> to = new ArrayList<>();
        List<double[]> of = new ArrayList<>();
        int runsTo = 0;
        int runsOf = 0;
        for (GroupJudgement j : judged) {
            if (j.to() != null && j.to().length >= 2 && j.of().length >= 2) {
                to.add(j.to());
                of.add(j.of());
                runsTo += j.to().length;
                runsOf += j.of().length;
            }
        }
        List<FindingVerdict.Group> groups = new ArrayList<>();
        judged.forEach(j -> groups.add(j.group()));
        FindingOutcome outcome;
        if (to.isEmpty()) {
            outcome = FindingJudge.outcome(groups);
            outcome = outcome == FindingOutcome.HELD || outcome == FindingOutcome.CONTRADICTED ? FindingOutcome.INCONCLUSIVE
                    : outcome;
        } else {
            EffectRule margin = rule.withMargin(finding.margin() == null ? 0 : finding.margin());
            Welch w = PooledContrast.onLogs(to, of);
            Effect e = margin.decide(w, runsTo, runsOf);
            Effect interval = finding.margin() == null ? e : rule.withMargin(0).decide(w, runsTo, runsOf);
            outcome = FindingJudge.verdict(finding, e, interval);
            Effect same = FindingJudge.negligible(finding,
                    rule.withMargin(FindingJudge.NEGLIGIBLE).decide(w, runsTo, runsOf));
            if (same != null) {
                outcome = FindingOutcome.CONTRADICTED;
            }
            String shown = "pooled over " + to.size() + " of " + judged.size() + " groups: " + FindingJudge.describe(finding.subject())
                    + " / " + FindingJudge.describe(finding.versus()) + " = " + EffectText.ratio(interval) + " (claimed "
                    + finding.bounds() + ")" + (finding.margin() != null ? "; " + e.text() : "")
                    + (same != null ? "; " + EffectText.negligible(same)
                    : outcome == FindingOutcome.INCONCLUSIVE && finding.margin() == null
                    ? "; " + EffectText.undecided(interval) : "");
            groups.add(0, new FindingVerdict.Group(Map.of(), outcome, interval.low(), interval.high(),
                    shown + heterogeneityText(PooledContrast.heterogeneity(to, of))));
        }
        return new FindingVerdict(finding.claim(), finding.metric().toString(), finding.rule(rule.confidence()), outcome,
                groups);
    }

    /** Welch's heterogeneity test beside a pooled effect: whether it averages groups that disagree beyond chance. */
    private static String heterogeneityText(PooledContrast.Heterogeneity h) {
        if (h == null) {
            return "";
        }
        String p = h.p() < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3f", h.p());
        return String.format(Locale.ROOT, "; %s (Welch's test of equal effects: F = %.2f on %d and %.1f df, %s)",
                h.differs(0.05) ? "the groups' effects differ beyond chance: the pooled effect averages unlike ones"
                        : "the groups' effects agree within chance", h.f(), h.df1(), h.df2(), p);
    }
}
