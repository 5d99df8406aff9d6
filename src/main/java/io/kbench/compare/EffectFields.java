package io.kbench.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.statistics.Effect;
import java.util.Locale;

/**
 * An {@link Effect} as {@code compare --json} and the gate's JSON write it: an interval end or detectable effect that
 * does not exist is null, not NaN, so any JSON reader takes it.
 *
 * @param outcome    higher, lower, equivalent or undecided
 * @param ratio      the side's figure over the baseline's: the ratio of geometric means over the repetitions
 * @param low        the interval's lower end as a ratio; null with one run on a side
 * @param high       the interval's upper end as a ratio; null likewise
 * @param confidence the interval's confidence (0.90 for an equivalence: two one-sided tests at 5% each)
 * @param margin     the equivalence margin as a fraction, e.g. 0.05
 * @param detectable for an undecided effect, the smallest effect these repetitions would detect with 80% power, as a
 *                   fraction; null otherwise
 * @param runsA      the baseline's repetitions
 * @param runsB      the side's repetitions
 * @param text       the effect in words, as the terminal prints it
 */
// Always written, nulls too: every effect has the same fields, and a reader tells "no interval" from "not written".
@JsonInclude(JsonInclude.Include.ALWAYS)
public record EffectFields(String outcome, double ratio, Double low, Double high, double confidence, double margin,
                           Double detectable, int runsA, int runsB, String text) {
    public static EffectFields of(Effect e) {
        return new EffectFields(e.outcome().name().toLowerCase(Locale.ROOT), e.ratio(), orNull(e.low()), orNull(e.high()),
                rounded(e.confidence()), e.margin(), orNull(e.detectable()), e.runsA(), e.runsB(), e.text());
    }

    /** 1 - 2 x 0.05 is 0.8999999999999999 in binary: written as the 0.9 it stands for. */
    private static double rounded(double confidence) {
        return Math.round(confidence * 1e9) / 1e9;
    }

    private static Double orNull(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
