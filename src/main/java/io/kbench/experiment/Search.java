package io.kbench.experiment;

import io.kbench.result.findmax.SearchMethod;

/**
 * One find-max search, free of any cluster: it decides which rate to probe next from the outcomes so far, and what
 * the answer is. {@link RateSearch} bisects (the answer within a percentage); {@link StepSearch} climbs a ladder of
 * fixed steps as S4 did (the answer within one step). {@link SearchSeries} runs either as often as the plan says.
 */
public sealed interface Search permits RateSearch, StepSearch {
    /** Runs the search, calling {@code probe} once per rate it wants measured. */
    SearchResult run(RateProbe probe);

    /** Which method this is, as result.json records it. */
    SearchMethod method();
}
