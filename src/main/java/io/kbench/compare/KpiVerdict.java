package io.kbench.compare;

import io.kbench.catalog.Kpi;
import java.util.Objects;

/**
 * One KPI, baseline against candidate.
 *
 * @param kpi             the figure
 * @param baselineRuns    runs on the baseline side
 * @param candidateRuns   repetitions on the candidate side
 * @param baselineMedian  in the KPI's unit
 * @param candidateMedian in the KPI's unit
 * @param relativeChange  (candidate - baseline) / baseline of the medians
 * @param pValue          two-sided Mann-Whitney U
 * @param verdict         regression, improvement, no change, or too few runs to tell
 */
public record KpiVerdict(Kpi kpi, int baselineRuns, int candidateRuns, double baselineMedian, double candidateMedian,
                         double relativeChange, double pValue, Verdict verdict) {
    public KpiVerdict {
        Objects.requireNonNull(kpi, "kpi");
        Objects.requireNonNull(verdict, "verdict");
    }
}
