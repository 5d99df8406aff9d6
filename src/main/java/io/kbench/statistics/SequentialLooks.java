package io.kbench.statistics;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Repeated looks at growing repetitions without inflating the error rate: an alpha-spending rule. Judging the same
 * comparison at 95% after every round would decide "different" on pure noise far more often than 5% of the time (each
 * look is another chance); instead each look may spend only a part of the total alpha, so that the parts add up to no
 * more than alpha however many looks are taken.
 *
 * <p>The spending function is Lan &amp; DeMets's of O'Brien-Fleming type (Lan &amp; DeMets 1983, "Discrete sequential
 * boundaries for clinical trials", Biometrika 70(3)): alpha(t) = 2 - 2 Phi(z(1 - alpha/2) / sqrt(t)), where t in [0, 1]
 * is the information fraction (here the runs made so far over the budget's runs) and Phi the standard normal
 * distribution. It spends almost nothing early (t = 0.3: 0.00035 of 0.05) and nearly all of alpha by the end, so a
 * sweep stops early only on a clear effect, and a sweep that runs to its budget is judged at close to the plain
 * confidence. The look at t(k) tests at the increment alpha(t(k)) - alpha(t(j)), j the last look taken.
 *
 * <p>Lan and DeMets derive exact boundaries from the joint normal distribution of the successive statistics; this class
 * does not: it tests each look on its own at its increment. By Bonferroni's inequality the chance that any look
 * decides wrongly is at most the sum of the increments, alpha(t(last)) &lt;= alpha, so the rule is conservative (the
 * actual rate is below alpha), and it stays valid for any statistic, Welch's t on few repetitions included, and for
 * looks whose timing was not planned.
 *
 * @param alpha the total error rate to spend over all looks, e.g. 0.05 (in (0, 0.5])
 */
public record SequentialLooks(double alpha) {
    /** Below this an increment is no test: 1 - increment rounds to 1, and no interval reaches that far. */
    static final double SMALLEST_INCREMENT = 1e-12;
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    public SequentialLooks {
        if (!(alpha > 0 && alpha <= 0.5)) {
            throw new IllegalArgumentException("alpha: must be in (0, 0.5] (got " + alpha + ")");
        }
    }

    /** The looks that spend 1 - {@code rule.confidence()}, each with the rule's margin. */
    public static SequentialLooks of(EffectRule rule) {
        return new SequentialLooks(1 - rule.confidence());
    }

    /** alpha(t): the error rate spent by information fraction {@code t}; 0 at 0 and alpha from 1 on. */
    public double spent(double t) {
        if (!(t >= 0) || Double.isInfinite(t)) {
            throw new IllegalArgumentException("t: must be a fraction >= 0 (got " + t + ")");
        }
        if (t == 0) {
            return 0;
        }
        if (t >= 1) {
            return alpha;
        }
        double z = NORMAL.inverseCumulativeProbability(1 - alpha / 2);
        // 2 - 2 Phi(x) written as 2 Phi(-x): the lower tail keeps its precision where 1 - Phi(x) would round to 0.
        return Math.min(alpha, 2 * NORMAL.cumulativeProbability(-z / Math.sqrt(t)));
    }

    /**
     * The look at information fraction {@code t}, the previous look having been taken at {@code previous} (0 for the
     * first): its share of alpha and the rule it judges with.
     *
     * @param margin the equivalence margin of the look's rule (a fraction; 0 for none)
     */
    public Look look(double previous, double t, double margin) {
        if (!(t > previous)) {
            throw new IllegalArgumentException("t: a look needs more information than the last (got " + t + " after "
                    + previous + ")");
        }
        double before = spent(previous);
        double now = spent(t);
        return new Look(Math.min(t, 1), now, now - before, margin);
    }

    /**
     * One look.
     *
     * @param t         the information fraction, 0 to 1
     * @param spent     alpha spent up to and including this look
     * @param increment this look's own share, the error rate its decisions are taken at
     * @param margin    the equivalence margin of its rule
     */
    public record Look(double t, double spent, double increment, double margin) {
        public Look {
            if (!(increment >= 0) || !(spent >= increment)) {
                throw new IllegalArgumentException("increment: must be in [0, spent] (got " + increment + " of " + spent + ")");
            }
        }

        /** Whether this look has any alpha to decide with; a look before that decides nothing. */
        public boolean canDecide() {
            return increment >= SMALLEST_INCREMENT;
        }

        /** The rule of this look: confidence 1 - increment (the two one-sided tests of an equivalence at increment each). */
        public EffectRule rule() {
            if (!canDecide()) {
                throw new IllegalStateException("a look with increment " + increment + " decides nothing");
            }
            return new EffectRule(1 - increment, margin);
        }
    }
}
