package io.kbench.compare;

import io.kbench.catalog.CatalogKpi;
import io.kbench.statistics.Effect;
import java.util.Locale;
import java.util.Objects;

/**
 * One KPI, baseline against candidate.
 *
 * @param kpi             the figure
 * @param baselineMedian  in the KPI's unit
 * @param candidateMedian in the KPI's unit
 * @param effect          the candidate against the baseline: ratio of geometric means, interval, outcome, runs
 * @param verdict         regression, improvement, no change, undecided, or too few runs to tell
 * @param minEffect       the minimum effect the verdict was reached with, as a fraction
 */
public record KpiVerdict(CatalogKpi kpi, double baselineMedian, double candidateMedian, Effect effect, Verdict verdict,
                         double minEffect) {
    public KpiVerdict {
        Objects.requireNonNull(kpi, "kpi");
        Objects.requireNonNull(effect, "effect");
        Objects.requireNonNull(verdict, "verdict");
    }

    public int baselineRuns() {
        return effect.runsA();
    }

    public int candidateRuns() {
        return effect.runsB();
    }

    /**
     * The verdict in one line, as the terminal shows it and a JUnit failure quotes it: the medians, then the effect
     * in its own words (with its interval) and the run counts.
     */
    public String text() {
        return String.format(Locale.ROOT, "  %-26s %-12s median %s -> %s %s, %s", kpi.label(), verdict,
                number(baselineMedian), number(candidateMedian), kpi.unit(), effectText());
    }

    /** The effect as the verdict reads it: too few runs, or the effect's text with what made it no change. */
    public String effectText() {
        String runs = " (" + baselineRuns() + " vs " + candidateRuns() + " runs)";
        if (verdict == Verdict.TOO_FEW_RUNS) {
            return "too few runs to judge (" + baselineRuns() + " baseline, " + candidateRuns() + " candidate: 2 per side"
                    + " at least)";
        }
        if (verdict == Verdict.NO_CHANGE && effect.outcome() != Effect.Outcome.EQUIVALENT) {
            return effect.text() + ", under the minimum effect " + Comparison.plain(minEffect * 100) + "%" + runs;
        }
        return effect.text() + runs;
    }

    /** A median as the gate writes it: one decimal with grouping from 100 up, else two decimals. */
    public static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
