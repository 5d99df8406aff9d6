/**
 * Change points in a series of run figures: E-divisive means (Matteson &amp; James 2014, "A Nonparametric Approach
 * for Multiple Change Point Analysis of Multivariate Data", JASA 109(505)) as MongoDB applied it to performance
 * tests (Daly et al. 2020, "Change Point Detection in Software Performance Testing", ICPE) and Apache Otava (formerly
 * Hunter) runs it; each change point with its magnitude, a bootstrap confidence interval and its p-value.
 * Knows nothing of runs or catalogs: a series of doubles in, change points out.
 */
package io.kbench.statistics;
