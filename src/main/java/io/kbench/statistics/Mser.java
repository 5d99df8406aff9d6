package io.kbench.statistics;

/**
 * MSER-5, the truncation heuristic for the initial transient of a simulation's (or a benchmark's) output series: White
 * 1997, "An effective truncation heuristic for bias reduction in simulation output", Simulation 69(6); compared with
 * other rules and recommended in White, Cobb &amp; Spratt 2000, "A comparison of five steady-state truncation heuristics
 * for simulation", Proceedings of the 2000 Winter Simulation Conference. The series is cut into consecutive batches of
 * {@value #BATCH_SIZE} from its start (a remainder of fewer than 5 at the end is left out, as in those papers), giving
 * batch means Z_1..Z_m; for each truncation d of whole batches the statistic is
 *
 * <pre>
 *   MSER(d) = 1 / (m - d)^2 * sum over j = d+1..m of (Z_j - mean(Z_d+1..Z_m))^2
 * </pre>
 *
 * the squared standard error of the mean of what is kept, and the truncation point is the d that minimises it (the
 * first such d on a tie). Dropping a transient lowers the spread of what is left faster than it loses points; dropping
 * steady data does not. d runs up to m - 2: the statistic of a single batch is 0 by construction and says nothing.
 * A minimum beyond the first half of the series (2d > m: more than half of it cut) is no truncation point: the series
 * has not settled within it, which the MSER literature reads as "run longer" rather than as an answer (e.g. Franklin
 * &amp; White 2008, "Stationarity tests and MSER-5: exploring the intuition behind mean-squared-error-reduction in
 * warm-up period determination", WSC 2008). A trend ends there: the later the cut, the smaller the spread of what is
 * left. On a stationary series the minimiser lands at random, often late (the statistic of the last few batches rests
 * on few values), so a caller that reports a cut judges first whether it changes anything (SettlingRule in measure).
 *
 * @param truncationBatches d, the batches before the truncation point
 * @param batches           m, the batches of the series
 * @param batchSize         observations per batch (5)
 */
public record Mser(int truncationBatches, int batches, int batchSize) {
    /** MSER-5's batch size. */
    public static final int BATCH_SIZE = 5;
    /** Fewest batches judged: with fewer the first half holds at most one batch and a cut cannot be told from noise. */
    public static final int MIN_BATCHES = 4;

    public Mser {
        if (batches < MIN_BATCHES || truncationBatches < 0 || truncationBatches > batches - 2 || batchSize < 1) {
            throw new IllegalArgumentException("MSER: a truncation of 0 to batches - 2 of at least " + MIN_BATCHES
                    + " batches (got " + truncationBatches + " of " + batches + " of size " + batchSize + ")");
        }
    }

    /** MSER-5 of {@code series}, which holds at least {@link #MIN_BATCHES} x 5 finite values. */
    public static Mser of(double[] series) {
        int m = series.length / BATCH_SIZE;
        if (m < MIN_BATCHES) {
            throw new IllegalArgumentException("MSER-5: needs " + MIN_BATCHES * BATCH_SIZE + " or more values (got "
                    + series.length + ")");
        }
        double[] z = new double[m];
        for (int j = 0; j < m; j++) {
            double sum = 0;
            for (int i = 0; i < BATCH_SIZE; i++) {
                double v = series[j * BATCH_SIZE + i];
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("MSER-5: value " + (j * BATCH_SIZE + i) + " is not finite (" + v + ")");
                }
                sum += v;
            }
            z[j] = sum / BATCH_SIZE;
        }
        int best = 0;
        double bestStatistic = Double.POSITIVE_INFINITY;
        for (int d = 0; d <= m - 2; d++) {
            double s = statistic(z, d);
            if (s < bestStatistic) {
                bestStatistic = s;
                best = d;
            }
        }
        return new Mser(best, m, BATCH_SIZE);
    }

    /** MSER(d) over the batch means {@code z}. */
    static double statistic(double[] z, int d) {
        int k = z.length - d;
        double mean = 0;
        for (int j = d; j < z.length; j++) {
            mean += z[j];
        }
        mean /= k;
        double squares = 0;
        for (int j = d; j < z.length; j++) {
            squares += (z[j] - mean) * (z[j] - mean);
        }
        return squares / ((double) k * k);
    }

    /** The observations before the truncation point: d x batch size. */
    public int truncation() {
        return truncationBatches * batchSize;
    }

    /** Whether the truncation point lies within the first half (2d <= m), the only place it counts as one. */
    public boolean settles() {
        return 2 * truncationBatches <= batches;
    }
}
