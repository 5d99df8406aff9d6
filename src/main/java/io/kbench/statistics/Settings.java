package io.kbench.statistics;

/**
 * How change points are searched.
 *
 * @param significance the largest p-value a change point may have, e.g. 0.01
 * @param minEffect    the smallest relative change of the mean worth reporting, e.g. 0.05 for 5%; 0 for any
 * @param permutations shuffles per permutation test
 * @param seed         seed of the shuffles and the bootstrap: the same series gives the same answer
 */
public record Settings(double significance, double minEffect, int permutations, long seed) {
    /** Bootstrap resamples behind each confidence interval. */
    static final int BOOTSTRAP = 1000;

    public Settings {
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance: must be in (0, 1) (got " + significance + ")");
        }
        if (!(minEffect >= 0) || !Double.isFinite(minEffect)) {
            throw new IllegalArgumentException("minEffect: must be >= 0 (got " + minEffect + ")");
        }
        if (permutations < 19 || permutations > 100_000) {
            throw new IllegalArgumentException("permutations: must be in [19, 100000] (got " + permutations + ")");
        }
    }

    /** Significance 0.01, no minimum effect, 399 permutations, seed 1. */
    public static Settings defaults() {
        return new Settings(0.01, 0, 399, 1);
    }

    public Settings withSignificance(double value) {
        return new Settings(value, minEffect, permutations, seed);
    }

    public Settings withMinEffect(double value) {
        return new Settings(significance, value, permutations, seed);
    }
}
