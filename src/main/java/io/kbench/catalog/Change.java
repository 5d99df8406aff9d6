package io.kbench.catalog;

import io.kbench.statistics.ChangePoint;
import io.kbench.statistics.Effect;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A change point of one KPI with the runs around it, and what it amounts to: the effect of the runs after it against
 * the runs before it (the ratio of their geometric means with its 95% interval, {@code statistics.EffectRule}; one
 * run against its segment for an isolated change, {@code statistics.LoneEffect}) and the verdict that effect allows.
 *
 * @param point       where and how much, as the detector found it
 * @param before      the last run before it
 * @param after       the first run of the new level (isolated: the run that differs)
 * @param alsoChanged what else differs between those two runs: environment fields, cluster limits, workload, git
 *                    revision
 * @param effect      after against before; null when a value of 0 leaves no ratio to take
 * @param verdict     regression, improvement, or no verdict
 * @param minEffect   the smallest effect called a regression or improvement, as a fraction
 */
public record Change(ChangePoint point, CatalogEntry before, CatalogEntry after, List<String> alsoChanged, Effect effect,
                     Verdict verdict, double minEffect) {
    /** What a change point amounts to. */
    public enum Verdict {
        /** The KPI got worse (lower throughput, higher latency): the interval excludes 1 and the effect is at least the minimum. */
        REGRESSION,
        /** The KPI got better, by the same rule. */
        IMPROVEMENT,
        /** The detector found a change, but its interval includes 1 or its effect is under the minimum effect. */
        NO_VERDICT
    }

    public Change {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(verdict, "verdict");
        alsoChanged = List.copyOf(alsoChanged);
        if (!(minEffect >= 0)) {
            throw new IllegalArgumentException("minEffect: must be >= 0 (got " + minEffect + ")");
        }
    }

    /**
     * The verdict of {@code effect} for a KPI: a regression or improvement only when the interval excludes 1 (decided
     * higher or lower) and the ratio differs from 1 by at least {@code minEffect}; never for an effect smaller than
     * that, however certain, nor for one whose interval includes 1.
     */
    static Verdict verdict(Effect effect, boolean higherIsBetter, double minEffect) {
        if (effect == null || Math.abs(effect.ratio() - 1) < minEffect) {
            return Verdict.NO_VERDICT;
        }
        return switch (effect.outcome()) {
            case HIGHER -> higherIsBetter ? Verdict.IMPROVEMENT : Verdict.REGRESSION;
            case LOWER -> higherIsBetter ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
            default -> Verdict.NO_VERDICT;
        };
    }

    /** Whether the KPI got worse, as decided. */
    public boolean regression() {
        return verdict == Verdict.REGRESSION;
    }

    /**
     * The change in one line, as the terminal, the JSON and the trend page say it, e.g. {@code REGRESSION
     * produced.recordsPerSec at run run-4: 46,750 -> 15,624 records/s, lower by 66.6% [-70.9%, -61.7%] (4 runs
     * against 4, p 0.0013); what changed: cluster limits none -> cpuQuota=0.5}.
     */
    public String describe(CatalogKpi kpi) {
        var p = point;
        String runs = p.isolated() ? "one run against " + (effect == null ? "its segment" : effect.runsA() + " around it")
                : effect == null ? "" : effect.runsB() + " run(s) against " + effect.runsA();
        String detail = (runs.isEmpty() ? "" : runs + ", ") + String.format(Locale.ROOT, "p %.4f", p.pValue());
        return String.format(Locale.ROOT, "%s %s at run %s: %s -> %s %s, %s (%s)%s; %s",
                verdict == Verdict.NO_VERDICT ? "no verdict:" : verdict.name(), kpi.label(), after.label(),
                number(p.meanBefore()), number(p.meanAfter()), kpi.unit(), effectText(), detail,
                p.isolated() ? "; one run, the level returns after it" : "",
                alsoChanged.isEmpty() ? "no other difference in the environment, cluster limits, resolved workload or"
                        + " git revision" : "what changed: " + String.join(", ", alsoChanged));
    }

    private String effectText() {
        if (effect == null) {
            return "no ratio (a value is 0)";
        }
        String text = effect.text();
        if (effect.decided() && Math.abs(effect.ratio() - 1) < minEffect) {
            return text + ", under the minimum effect of " + String.format(Locale.ROOT, "%.1f%%", minEffect * 100);
        }
        return text;
    }

    /** One decimal from 100 up, two below: the history's figures in the terminal and the JSON alike. */
    public static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
