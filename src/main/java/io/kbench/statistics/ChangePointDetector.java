package io.kbench.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Finds the change points of a series in two steps that share the significance level equally, so the whole
 * false-positive rate on a series without change stays at the level:
 * <ol>
 *   <li>lasting shifts: E-divisive means, splitting the segment with the largest divergence while that split is
 *   significant by Matteson &amp; James's permutation test or by Student's t-test of the two sides (Bonferroni over the
 *   places the split could be; each test at half the level), since permutations of a short series run out: 4 runs
 *   against 4 have 70 orderings, and a p-value below 1/70 is out of the permutation test's reach. Where the
 *   permutation test cannot reach its share of the level at all (segments of up to 10 values at 0.01), the t-test
 *   alone judges the split, at the step's whole level;</li>
 *   <li>isolated values: within each segment, the value farthest outside the prediction interval of the others
 *   (t = (x - mean) / (s sqrt(1 + 1/n)), n - 1 degrees of freedom), Bonferroni-corrected for the segment's size.
 *   The permutation test cannot flag one run (its p-value stays above about 2/n when a single value differs, since
 *   shuffles put that value at an end about 2 times in n), and one slow run among ten is the case CI cares about.</li>
 * </ol>
 * Then change points whose relative change of the mean is under the minimum effect are dropped.
 */
public final class ChangePointDetector {
    /** A lasting shift needs two values on each side of it: the t-test of a split needs a spread on both sides. */
    public static final int MIN_RUNS_FOR_A_SHIFT = 4;
    /** Isolated values are looked for in segments of at least this many values (fewer give no spread to judge by). */
    static final int MIN_SEGMENT_FOR_ISOLATED = 4;
    private final Settings settings;

    public ChangePointDetector(Settings settings) {
        this.settings = settings;
    }

    /** The change points of {@code series}, in order; none for fewer than 3 values. */
    public List<ChangePoint> detect(double[] series) {
        for (double v : series) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("series: every value must be finite (got " + v + ")");
            }
        }
        if (series.length < 3) {
            return List.of();
        }
        SplittableRandom random = new SplittableRandom(settings.seed());
        TreeSet<Integer> cuts = splits(series, random);
        dropSmallEffects(series, cuts);
        List<ChangePoint> points = new ArrayList<>(describe(series, cuts, random));
        int[] bounds = bounds(cuts, series.length);
        for (int s = 0; s + 1 < bounds.length; s++) {
            points.addAll(isolated(series, bounds[s], bounds[s + 1], random));
        }
        points.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return points;
    }

    /**
     * The smallest lasting shift, as a fraction of the level (0.25: 25%), that the split test would find in the middle
     * of {@code series} with 80% power at this significance: the minimum detectable effect (Bloom 1995, "Minimum
     * detectable effects", Evaluation Review 19(5)), (t(1 - a/2) + t(0.80)) x the standard error of the two halves'
     * difference on the logarithms, n - 2 degrees of freedom, where a is the level the t-test of a split is held to
     * (half the significance for lasting shifts, halved again between the two tests of a split when the permutation
     * test can reach its share, Bonferroni over the n - 3 places a split can be). An estimate from this series' own
     * spread, so a series with a shift in it overstates it; NaN when
     * the series is shorter than {@link #MIN_RUNS_FOR_A_SHIFT} or a value is not positive.
     */
    public double detectableShift(double[] series) {
        int n = series.length;
        if (n < MIN_RUNS_FOR_A_SHIFT || Arrays.stream(series).anyMatch(v -> !(v > 0))) {
            return Double.NaN;
        }
        int half = n / 2;
        var before = Significance.stats(logs(series), 0, half);
        var after = Significance.stats(logs(series), half, n);
        double pooled = ((half - 1) * before.getVariance() + (n - half - 1) * after.getVariance()) / (n - 2);
        double se = Math.sqrt(pooled * (1.0 / half + 1.0 / (n - half)));
        double alpha = settings.significance() / 2 / (permutationCanReach(n) ? 2 : 1) / Significance.places(n);
        var t = new org.apache.commons.math3.distribution.TDistribution(null, n - 2);
        return Math.expm1((t.inverseCumulativeProbability(1 - alpha / 2) + t.inverseCumulativeProbability(0.80)) * se);
    }

    private static double[] logs(double[] x) {
        return Arrays.stream(x).map(Math::log).toArray();
    }

    private TreeSet<Integer> splits(double[] x, SplittableRandom random) {
        double level = settings.significance() / 2;
        TreeSet<Integer> cuts = new TreeSet<>();
        while (true) {
            int[] bounds = bounds(cuts, x.length);
            EDivisive.Split best = null;
            int from = 0;
            int to = 0;
            for (int s = 0; s + 1 < bounds.length; s++) {
                EDivisive.Split split = EDivisive.best(x, bounds[s], bounds[s + 1]);
                if (split != null && (best == null || split.q() > best.q())) {
                    best = split;
                    from = bounds[s];
                    to = bounds[s + 1];
                }
            }
            if (best == null || splitP(x, from, best.index(), to, best.q(), random) > level) {
                return cuts;
            }
            cuts.add(best.index());
        }
    }

    /** Isolated values of {@code x[from, to)}, one at a time, each judged against the rest left. */
    private List<ChangePoint> isolated(double[] x, int from, int to, SplittableRandom random) {
        List<ChangePoint> found = new ArrayList<>();
        boolean[] out = new boolean[x.length];
        while (true) {
            double[] rest = rest(x, from, to, out, -1);
            if (rest.length < MIN_SEGMENT_FOR_ISOLATED) {
                return found;
            }
            int worst = -1;
            double worstP = 2;
            for (int i = from; i < to; i++) {
                if (!out[i]) {
                    double p = Significance.lone(x[i], rest(x, from, to, out, i));
                    if (p < worstP) {
                        worstP = p;
                        worst = i;
                    }
                }
            }
            double corrected = Math.min(1, worstP * rest.length);
            double[] others = rest(x, from, to, out, worst);
            double mean = Arrays.stream(others).average().orElse(0);
            double effect = mean == 0 ? 0 : (x[worst] - mean) / mean;
            if (corrected > settings.significance() / 2 || Math.abs(effect) < settings.minEffect()) {
                return found;
            }
            out[worst] = true;
            double[] ci = Bootstrap.relativeChange(concat(others, x[worst]), 0, others.length, others.length + 1, random);
            found.add(new ChangePoint(worst, true, mean, x[worst], effect, ci[0], ci[1], corrected));
        }
    }

    private static double[] rest(double[] x, int from, int to, boolean[] out, int skip) {
        return java.util.stream.IntStream.range(from, to).filter(i -> !out[i] && i != skip).mapToDouble(i -> x[i]).toArray();
    }

    private static double[] concat(double[] a, double v) {
        double[] c = Arrays.copyOf(a, a.length + 1);
        c[a.length] = v;
        return c;
    }

    /** Drops, smallest first, the change points whose relative change of the mean is under the minimum effect. */
    private void dropSmallEffects(double[] x, TreeSet<Integer> cuts) {
        while (settings.minEffect() > 0 && !cuts.isEmpty()) {
            int smallest = -1;
            double least = Double.MAX_VALUE;
            for (int cut : cuts) {
                double effect = Math.abs(relative(x, cuts, cut));
                if (effect < least) {
                    least = effect;
                    smallest = cut;
                }
            }
            if (least >= settings.minEffect()) {
                return;
            }
            cuts.remove(smallest);
        }
    }

    private static double relative(double[] x, TreeSet<Integer> cuts, int cut) {
        Integer lower = cuts.lower(cut);
        Integer higher = cuts.higher(cut);
        double before = Significance.stats(x, lower == null ? 0 : lower, cut).getMean();
        double after = Significance.stats(x, cut, higher == null ? x.length : higher).getMean();
        return before == 0 ? (after == 0 ? 0 : Double.POSITIVE_INFINITY) : (after - before) / before;
    }

    private List<ChangePoint> describe(double[] x, TreeSet<Integer> cuts, SplittableRandom random) {
        List<ChangePoint> points = new ArrayList<>();
        for (int cut : cuts) {
            Integer lower = cuts.lower(cut);
            Integer higher = cuts.higher(cut);
            int a = lower == null ? 0 : lower;
            int c = higher == null ? x.length : higher;
            double before = Significance.stats(x, a, cut).getMean();
            double after = Significance.stats(x, cut, c).getMean();
            double[] ci = Bootstrap.relativeChange(x, a, cut, c, random);
            EDivisive.Split s = EDivisive.best(x, a, c);
            double p = s == null ? 1 : splitP(x, a, cut, c, s.q(), random);
            points.add(new ChangePoint(cut, false, before, after, before == 0 ? 0 : (after - before) / before, ci[0],
                    ci[1], p));
        }
        return points;
    }

    /**
     * The p-value of a split: two tests, each at half the level (Bonferroni), so the smaller p doubled. The permutation
     * test needs no model and judges long series; the t-test judges short ones, where the permutations run out.
     */
    private double splitP(double[] x, int from, int cut, int to, double q, SplittableRandom random) {
        double t = Significance.tSplit(x, from, cut, to);
        if (!permutationCanReach(to - from)) {
            return t;
        }
        double permutation = Significance.permutation(x, from, to, q, settings.permutations(), random);
        return Math.min(1, 2 * Math.min(permutation, t));
    }

    /**
     * Whether the permutation test of a segment of {@code m} values can reach its share of the level at all: a shuffle
     * reproduces the observed split at best once in C(m, m/2) (8 values: 70), so its p-value never falls under
     * 1 / C(m, m/2). When it cannot, it is not run and the t-test gets the whole level of the step: a test that can
     * never reject spends none of it. The choice depends on m and the level only, never on the values, so the
     * false-positive rate stays at the level (measured in ChangePointDetectorTest).
     */
    boolean permutationCanReach(int m) {
        double orderings = org.apache.commons.math3.util.CombinatoricsUtils.binomialCoefficientDouble(m, m / 2);
        return Math.max(1 / orderings, 1.0 / (settings.permutations() + 1)) <= settings.significance() / 4;
    }

    private static int[] bounds(TreeSet<Integer> cuts, int n) {
        int[] b = new int[cuts.size() + 2];
        int i = 1;
        for (int c : cuts) {
            b[i++] = c;
        }
        b[i] = n;
        return b;
    }
}
