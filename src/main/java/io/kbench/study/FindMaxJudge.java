package io.kbench.study;

import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import java.util.Locale;

/** Judges a {@link FindMaxFinding} on two kept find-max results. */
public final class FindMaxJudge {
    private FindMaxJudge() {
    }

    /** The verdict of {@code f}; not measured when a result is missing or its search found no rate. */
    public static Judged judge(FindMaxFinding f, KeptResults kept) {
        if (!kept.has(f.of()) || !kept.has(f.to())) {
            return Judged.notMeasured("no kept result " + (kept.has(f.of()) ? f.to() : f.of()));
        }
        FindMaxResult.Figures of = kept.get(f.of(), FindMaxResult.class).findMax();
        FindMaxResult.Figures to = kept.get(f.to(), FindMaxResult.class).findMax();
        if (!answered(of) || !answered(to)) {
            return new Judged(ClaimVerdict.INCONCLUSIVE, "a search ended " + of.outcome() + " / " + to.outcome()
                    + " without a sustainable rate", f.rule());
        }
        double low = of.maxRecordsPerSec() / upper(to);
        double high = upper(of) / to.maxRecordsPerSec();
        boolean held;
        boolean contradicted;
        if (f.above() != null) {
            held = low > f.above();
            contradicted = high <= f.above();
        } else {
            held = high < f.below();
            contradicted = low >= f.below();
        }
        ClaimVerdict v = held ? ClaimVerdict.HELD : contradicted ? ClaimVerdict.CONTRADICTED : ClaimVerdict.INCONCLUSIVE;
        String shown = String.format(Locale.ROOT, "%s / %s = %.2fx..%s (claimed %s); %s %s, %s %s", f.of(), f.to(), low,
                Double.isInfinite(high) ? "open" : String.format(Locale.ROOT, "%.2fx", high),
                f.above() != null ? "> " + f.above() : "< " + f.below(), f.of(), bracket(of), f.to(), bracket(to));
        return new Judged(v, shown, f.rule());
    }

    private static boolean answered(FindMaxResult.Figures f) {
        return (f.outcome() == FindMaxOutcome.FOUND || f.outcome() == FindMaxOutcome.LOWER_BOUND) && f.maxRecordsPerSec() != null
                && f.maxRecordsPerSec() > 0;
    }

    /** The lowest failed rate above the answer; infinite when none failed (a lower bound). */
    private static double upper(FindMaxResult.Figures f) {
        return f.firstFailRecordsPerSec() == null ? Double.POSITIVE_INFINITY : f.firstFailRecordsPerSec();
    }

    private static String bracket(FindMaxResult.Figures f) {
        return String.format(Locale.ROOT, "%,.0f..%s records/s", f.maxRecordsPerSec(), f.firstFailRecordsPerSec() == null
                ? "(none failed)" : String.format(Locale.ROOT, "%,.0f", f.firstFailRecordsPerSec()));
    }
}
