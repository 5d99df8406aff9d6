package io.kbench.compare;

/** The gate's verdict on one KPI. */
public enum Verdict {
    /** Decided worse, by at least the minimum effect: fails the gate. */
    REGRESSION,
    /** Decided better, by at least the minimum effect. */
    IMPROVEMENT,
    /** Equivalent within the margin, or decided but smaller than the minimum effect. */
    NO_CHANGE,
    /** Neither decided nor equivalent: these repetitions could not tell; printed with what they could have detected. */
    UNDECIDED,
    /** One run on a side: no spread to judge by at all. */
    TOO_FEW_RUNS
}
