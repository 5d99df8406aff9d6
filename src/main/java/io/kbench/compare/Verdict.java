package io.kbench.compare;

/** The gate's verdict on one KPI. */
public enum Verdict {
    REGRESSION, IMPROVEMENT, NO_CHANGE,
    /** Too few repetitions on one side for the test to reach the significance level at all. */
    TOO_FEW_RUNS
}
