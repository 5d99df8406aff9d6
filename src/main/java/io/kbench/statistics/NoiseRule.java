package io.kbench.statistics;

import java.util.Arrays;

/**
 * The one rule that decides whether a difference between two sets of repetitions is real, shared by plain
 * {@code kbench compare} and the CI gate {@code compare --baseline}: a change counts only when the two-sided
 * Mann-Whitney U test gives p at most the significance level <b>and</b> the medians differ by at least the minimum
 * effect. Sample sizes that cannot reach the level at all (2 against 2 runs: p is never under 0.33) get no verdict,
 * so a difference without enough repetitions is never presented as a finding.
 *
 * @param significance largest p-value of a change, in (0, 1), e.g. 0.05
 * @param minEffect    smallest relative change of the medians that counts, e.g. 0.05 for 5%
 */
public record NoiseRule(double significance, double minEffect) {
    /** What both commands use unless told otherwise: p at most 0.05 and at least 5%. */
    public static final NoiseRule DEFAULT = new NoiseRule(0.05, 0.05);

    public NoiseRule {
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance: must be in (0, 1) (got " + significance + ")");
        }
        if (!(minEffect >= 0) || !Double.isFinite(minEffect)) {
            throw new IllegalArgumentException("minEffect: must be >= 0 (got " + minEffect + ")");
        }
    }

    /** How a difference was judged. */
    public enum Outcome {
        /** Significant and at least the minimum effect. */
        CHANGED,
        /** Judged, and either not significant or smaller than the minimum effect. */
        NO_CHANGE,
        /** A single run on each side: no spread at all to judge by. */
        NO_REPETITIONS,
        /** Repetitions on both sides, but too few for the test to reach the significance level at all. */
        TOO_FEW_RUNS
    }

    /**
     * The judgement of {@code other} against {@code base}.
     *
     * @param outcome        the verdict
     * @param baseMedian     median of the base values
     * @param otherMedian    median of the other values
     * @param relativeChange (other - base) / base of the medians; 0 when the base median is 0
     * @param pValue         two-sided Mann-Whitney U; NaN when not tested (a single run on each side)
     * @param smallestP      the smallest p these sample sizes can reach
     */
    public record Judgement(Outcome outcome, double baseMedian, double otherMedian, double relativeChange, double pValue,
                            double smallestP) {
        /** Whether the test ran and the sizes could reach the level: the difference has a verdict. */
        public boolean judged() {
            return outcome == Outcome.CHANGED || outcome == Outcome.NO_CHANGE;
        }
    }

    /** Judges {@code other} against {@code base}; both need at least one value. */
    public Judgement judge(double[] base, double[] other) {
        if (base.length == 0 || other.length == 0) {
            throw new IllegalArgumentException("both sides need at least one value (got " + base.length + " and "
                    + other.length + ")");
        }
        double mb = median(base);
        double mo = median(other);
        double rel = mb == 0 ? 0 : (mo - mb) / mb;
        double smallest = MannWhitney.smallestPossible(base.length, other.length);
        if (base.length < 2 && other.length < 2) {
            return new Judgement(Outcome.NO_REPETITIONS, mb, mo, rel, Double.NaN, smallest);
        }
        double p = MannWhitney.pValue(base, other);
        Outcome outcome = smallest > significance ? Outcome.TOO_FEW_RUNS
                : p <= significance && Math.abs(rel) >= minEffect ? Outcome.CHANGED : Outcome.NO_CHANGE;
        return new Judgement(outcome, mb, mo, rel, p, smallest);
    }

    /** The median; the mean of the two middle values for an even count. */
    public static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
