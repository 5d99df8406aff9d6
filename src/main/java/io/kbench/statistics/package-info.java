/**
 * Pure statistics over samples and series of doubles, each method cited in its class; knows nothing of runs or
 * catalogs. Comparisons of repetitions: the effect of B against A as a ratio with its interval and one of four
 * outcomes ({@link io.kbench.statistics.EffectRule}, {@link io.kbench.statistics.Effect}: Welch's interval on the
 * logarithms, two one-sided tests for equivalence, the minimum detectable effect), the geometric mean of one set of
 * repetitions with Student's t interval on the logarithms ({@link io.kbench.statistics.GeometricMean}), the robust
 * trend of a series ({@link io.kbench.statistics.TheilSen}) and repeated looks at growing repetitions with alpha
 * spending ({@link io.kbench.statistics.SequentialLooks}: Lan &amp; DeMets 1983, "Discrete sequential boundaries for
 * clinical trials", Biometrika 70(3)). Change points in a series of run figures:
 * E-divisive means (Matteson &amp; James 2014, "A Nonparametric
 * Approach for Multiple Change Point Analysis of Multivariate Data", JASA 109(505)) as MongoDB applied it to
 * performance tests (Daly et al. 2020, "Change Point Detection in Software Performance Testing", ICPE) and Apache
 * Otava (formerly Hunter) runs it; each change point with its magnitude, a bootstrap confidence interval and its
 * p-value.
 */
package io.kbench.statistics;
