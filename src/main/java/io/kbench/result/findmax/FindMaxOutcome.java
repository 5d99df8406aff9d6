package io.kbench.result.findmax;

/** How a find-max search ended; written uppercase ({@code FOUND}) in find-max result.json, as it always was. */
public enum FindMaxOutcome {
    /** A rate that passed, bracketed within the precision (or as close as the probe budget allowed) and confirmed. */
    FOUND,
    /** Every probe passed until the probe budget ran out: the answer is at least this. */
    LOWER_BOUND,
    /** No probe passed: neither the start rate nor any rate below it, down to --min-rate (or as far as the budget went). */
    NO_SUSTAINABLE_RATE,
    /** The candidate and its step-downs failed their confirmation runs. */
    UNCONFIRMED;

    /** Whether the search produced a usable rate (an answer or a lower bound): the same split as the exit code. */
    public boolean hasRate() {
        return this == FOUND || this == LOWER_BOUND;
    }
}
