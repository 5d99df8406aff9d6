package io.kbench.statistics;

/**
 * The one rule that turns two sets of repetitions into an {@link Effect}. The effect of B against A is a ratio, the
 * ratio of their geometric means, taken on the logarithms so that 2x and 0.5x weigh alike and a figure's unit does
 * not matter. Its interval is {@link Welch}'s on the logarithms, which needs no equal spread on both sides and
 * gives an interval from two repetitions a side (a rank interval needs four a side for 95%). Then, in this order:
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
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("each side needs a value (got " + a.length + " and " + b.length + ")");
        }
        double[] la = Welch.logs("a", a);
        double[] lb = Welch.logs("b", b);
        double ratio = Math.exp(Welch.mean(lb) - Welch.mean(la));
        if (a.length < 2 || b.length < 2) {
            return new Effect(Effect.Outcome.UNDECIDED, ratio, Double.NaN, Double.NaN, confidence, margin, Double.NaN,
                    a.length, b.length);
        }
        return decide(Welch.of(la, lb), a.length, b.length);
    }

    /**
     * The effect a {@link Welch} difference of mean logarithms gives (such as a {@link PooledContrast}'s), from
     * {@code runsA} and {@code runsB} repetitions in all.
     */
    public Effect decide(Welch w, int runsA, int runsB) {
        double ratio = Math.exp(w.difference());
        if (margin > 0) {
            double[] tost = w.oneSidedBounds(confidence);
            if (Math.exp(tost[0]) >= 1 - margin && Math.exp(tost[1]) <= 1 + margin) {
                return new Effect(Effect.Outcome.EQUIVALENT, ratio, Math.exp(tost[0]), Math.exp(tost[1]),
                        1 - 2 * (1 - confidence), margin, Double.NaN, runsA, runsB);
            }
        }
        double[] ci = w.interval(confidence);
        Effect.Outcome outcome = ci[0] > 0 ? Effect.Outcome.HIGHER : ci[1] < 0 ? Effect.Outcome.LOWER : Effect.Outcome.UNDECIDED;
        double detectable = outcome == Effect.Outcome.UNDECIDED ? Math.expm1(w.minimumDetectable(confidence, POWER))
                : Double.NaN;
        return new Effect(outcome, ratio, Math.exp(ci[0]), Math.exp(ci[1]), confidence, margin, detectable, runsA, runsB);
    }
}
