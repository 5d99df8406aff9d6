package io.kbench.statistics;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The effect of one value against a group, for a run that differs alone (history's isolated change points), decided
 * as {@link EffectRule} decides two groups: higher or lower when the interval excludes 1, undecided with its minimum
 * detectable effect otherwise. {@link Welch} needs two values a side; one value has no spread of its own, so it is
 * given the group's: the interval is the prediction interval of a new value around the group (Hahn &amp; Meeker 1991,
 * "Statistical Intervals: A Guide for Practitioners", Wiley, ch. 4), on the logarithms, turned about to bound the
 * ratio: ln(x) - mean(ln group) +- t(1 - alpha/2, n - 1) s sqrt(1 + 1/n). The detector flags such a value with the
 * same t (its {@code lone} test), so a flagged run's interval excludes 1 at the detector's level.
 */
public final class LoneEffect {
    private LoneEffect() {
    }

    /**
     * {@code value} against {@code group} (2 values or more); every value positive. The margin of {@code rule} is not
     * used: one run is never "equivalent".
     */
    public static Effect decide(EffectRule rule, double[] group, double value) {
        if (group.length < 2) {
            throw new IllegalArgumentException("group: needs 2 values or more (got " + group.length + ")");
        }
        double[] logs = Welch.logs("group", group);
        double lv = Welch.logs("value", new double[] {value})[0];
        double mean = Welch.mean(logs);
        double ss = 0;
        for (double l : logs) {
            ss += (l - mean) * (l - mean);
        }
        int n = logs.length;
        double se = Math.sqrt(ss / (n - 1)) * Math.sqrt(1 + 1.0 / n);
        double d = lv - mean;
        TDistribution t = new TDistribution(null, n - 1);
        double alpha = 1 - rule.confidence();
        double half = t.inverseCumulativeProbability(1 - alpha / 2) * se;
        Effect.Outcome outcome = d - half > 0 ? Effect.Outcome.HIGHER : d + half < 0 ? Effect.Outcome.LOWER
                : Effect.Outcome.UNDECIDED;
        double detectable = outcome == Effect.Outcome.UNDECIDED
                ? Math.expm1(half + t.inverseCumulativeProbability(EffectRule.POWER) * se) : Double.NaN;
        return new Effect(outcome, Math.exp(d), Math.exp(d - half), Math.exp(d + half), rule.confidence(), 0, detectable,
                n, 1);
    }
}
