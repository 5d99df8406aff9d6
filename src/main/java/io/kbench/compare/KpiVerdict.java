package io.kbench.compare;

import io.kbench.catalog.CatalogKpi;
import java.util.Locale;
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
public record KpiVerdict(CatalogKpi kpi, int baselineRuns, int candidateRuns, double baselineMedian, double candidateMedian,
                         double relativeChange, double pValue, Verdict verdict) {
    public KpiVerdict {
        Objects.requireNonNull(kpi, "kpi");
        Objects.requireNonNull(verdict, "verdict");
    }

    /**
     * The verdict in one line, as the terminal shows it and a JUnit failure quotes it: a difference is shown as a
     * percentage only with its p-value and the verdict it led to.
     */
    public String text() {
        String change = verdict == Verdict.TOO_FEW_RUNS
                ? "too few runs to judge (" + baselineRuns + " baseline, " + candidateRuns + " candidate)"
                : String.format(Locale.ROOT, "%+.1f%% (Mann-Whitney p %.4f, %d vs %d runs)", relativeChange * 100,
                        pValue, baselineRuns, candidateRuns);
        return String.format(Locale.ROOT, "  %-26s %-12s median %s -> %s %s, %s", kpi.label(), verdict,
                number(baselineMedian), number(candidateMedian), kpi.unit(), change);
    }

    /** A median as the gate writes it: one decimal with grouping from 100 up, else two decimals. */
    public static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
