package io.kbench.compare;

import io.kbench.catalog.CatalogEntry;
import io.kbench.catalog.CatalogKpi;
import io.kbench.statistics.NoiseRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code kbench compare --baseline}: a candidate's repetitions against the baseline runs, KPI by KPI. A change is a
 * regression only when it is both significant (two-sided Mann-Whitney U, p at most the significance level) and at
 * least the minimum effect (relative change of the medians) in the worse direction: neither a noisy difference nor
 * a significant but negligible one fails a build.
 *
 * @param significance largest p-value of a change, e.g. 0.05
 * @param minEffect    smallest relative change of the medians that counts, e.g. 0.05 for 5%
 */
public record Gate(double significance, double minEffect) {
    public Gate {
        new NoiseRule(significance, minEffect); // validates both
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
            NoiseRule.Judgement j = new NoiseRule(significance, minEffect).judge(b, c);
            double p = Double.isNaN(j.pValue()) ? 1 : j.pValue();
            verdicts.add(new KpiVerdict(kpi, b.length, c.length, j.baseMedian(), j.otherMedian(), j.relativeChange(), p,
                    verdict(kpi, j)));
        }
        return verdicts;
    }

    private static Verdict verdict(CatalogKpi kpi, NoiseRule.Judgement j) {
        return switch (j.outcome()) {
            case NO_REPETITIONS, TOO_FEW_RUNS -> Verdict.TOO_FEW_RUNS;
            case NO_CHANGE -> Verdict.NO_CHANGE;
            case CHANGED -> (kpi.higherIsBetter() ? j.relativeChange() < 0 : j.relativeChange() > 0)
                    ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
        };
    }

    private static double[] values(List<CatalogEntry> runs, CatalogKpi kpi) {
        return runs.stream().map(r -> r.kpi(kpi)).filter(o -> o.isPresent()).mapToDouble(o -> o.getAsDouble()).toArray();
    }
}
