package io.kbench.statistics;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The one rule that turns two sets of repetitions into an {@link Effect}. The effect of B against A is a ratio, the
 * ratio of their geometric means, taken on the logarithms so that 2x and 0.5x weigh alike and a figure's unit does
 * not matter. Its interval is Welch's: the difference of the mean logarithms with the Welch-Satterthwaite degrees of
 * freedom (Welch 1947, "The generalization of 'Student's' problem when several different population variances are
 * involved", Biometrika 34(1-2)), which needs no equal spread on both sides and gives an interval from two
 * repetitions a side (a rank interval needs four a side for 95%). Then, in this order:
 * <ol>
 *   <li><b>equivalent within ±margin</b> when the 1 - 2 alpha interval lies inside [1 - margin, 1 + margin]: the two
 *       one-sided tests of Schuirmann (1987, "A comparison of the two one-sided tests procedure and the power approach
 *       for assessing the equivalence of average bioavailability", J. Pharmacokinet. Biopharm. 15(6)). An effect
 *       smaller than the margin that is also significant is still "equivalent": it is below what was said to matter;</li>
 *   <li><b>higher</b> or <b>lower</b> when the 1 - alpha interval excludes 1;</li>
 *   <li><b>undecided</b> otherwise, with the minimum detectable effect: the true effect these repetitions would have
 *       found with 80% power at this confidence, (t(1 - alpha/2) + t(0.80)) x the standard error (Bloom 1995,
 *       "Minimum detectable effects", Evaluation Review 19(5)); with one repetition on a side there is no spread to
 *       judge by at all.</li>
 * </ol>
 *
 * @param confidence the interval's confidence, 1 - alpha, e.g. 0.95
 * @param margin     the equivalence margin as a fraction, e.g. 0.05 for ±5%; 0 for none (never "equivalent")
 */
public record EffectRule(double confidence, double margin) {
    /** 95% intervals, equivalence within ±5%. */
    public static final EffectRule DEFAULT = new EffectRule(0.95, 0.05);
    /** The power at which the minimum detectable effect is stated. */
    static final double POWER = 0.80;

    public EffectRule {
        if (!(confidence >= 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence: must be in [0.5, 1) (got " + confidence + ")");
        }
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("margin: must be in [0, 1) (got " + margin + ")");
        }
    }

    /** The same rule with another equivalence margin. */
    public EffectRule withMargin(double fraction) {
        return new EffectRule(confidence, fraction);
    }

    /** B's repetitions against A's; every value must be positive (a ratio of figures such as records/s or ms). */
    public Effect decide(double[] a, double[] b) {
        double[] la = logs("a", a);
        double[] lb = logs("b", b);
        double diff = mean(lb) - mean(la);
        double ratio = Math.exp(diff);
        if (a.length < 2 || b.length < 2) {
            return new Effect(Effect.Outcome.UNDECIDED, ratio, Double.NaN, Double.NaN, confidence, margin, Double.NaN,
                    a.length, b.length);
        }
        double va = variance(la) / a.length;
        double vb = variance(lb) / b.length;
        double se = Math.sqrt(va + vb);
        TDistribution t = new TDistribution(degreesOfFreedom(va, vb, a.length, b.length));
        double alpha = 1 - confidence;
        if (margin > 0) {
            double half = t.inverseCumulativeProbability(1 - alpha) * se;
            if (Math.exp(diff - half) >= 1 - margin && Math.exp(diff + half) <= 1 + margin) {
                return new Effect(Effect.Outcome.EQUIVALENT, ratio, Math.exp(diff - half), Math.exp(diff + half),
                        1 - 2 * alpha, margin, Double.NaN, a.length, b.length);
            }
        }
        double critical = t.inverseCumulativeProbability(1 - alpha / 2);
        double low = diff - critical * se;
        double high = diff + critical * se;
        Effect.Outcome outcome = low > 0 ? Effect.Outcome.HIGHER : high < 0 ? Effect.Outcome.LOWER : Effect.Outcome.UNDECIDED;
        double detectable = outcome == Effect.Outcome.UNDECIDED
                ? Math.expm1((critical + t.inverseCumulativeProbability(POWER)) * se) : Double.NaN;
        return new Effect(outcome, ratio, Math.exp(low), Math.exp(high), confidence, margin, detectable, a.length,
                b.length);
    }

    /** Welch-Satterthwaite; with no spread on either side, the pooled count. */
    private static double degreesOfFreedom(double va, double vb, int n, int m) {
        double sum = va + vb;
        if (sum == 0) {
            return n + m - 2;
        }
        return sum * sum / (va * va / (n - 1) + vb * vb / (m - 1));
    }

    private static double[] logs(String side, double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException(side + ": needs at least one value");
        }
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException(side + "[" + i + "]: must be positive and finite (got " + values[i] + ")");
            }
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double sum = 0;
        for (double x : v) {
            sum += (x - m) * (x - m);
        }
        return sum / (v.length - 1);
    }
}
