package io.kbench.experiment;

import java.util.List;

/**
 * The end of a rate search.
 *
 * @param outcome            how it ended
 * @param maxRecordsPerSec   the answer (FOUND), the lower bound (LOWER_BOUND), else null
 * @param firstFailRecordsPerSec the lowest failed rate above the answer, null when none failed above it
 * @param probes             every probe in order, with its phase
 * @param message            one line for people, e.g. why there is no answer
 */
public record SearchResult(Outcome outcome, Double maxRecordsPerSec, Double firstFailRecordsPerSec,
                           List<ProbeOutcome> probes, String message) {
    /** How a search ended. */
    public enum Outcome {
        /** A rate that passed, bracketed within the precision (or as close as the probe budget allowed) and confirmed. */
        FOUND,
        /** Every probe passed until the probe budget ran out: the answer is at least this. */
        LOWER_BOUND,
        /** The start rate already failed. */
        NO_SUSTAINABLE_RATE,
        /** The candidate and its step-downs failed their confirmation runs. */
        UNCONFIRMED
    }

    public SearchResult {
        probes = List.copyOf(probes);
    }

    /** (first fail - answer) / answer, as a fraction; null when there is no bracket. */
    public Double achievedPrecision() {
        return maxRecordsPerSec == null || firstFailRecordsPerSec == null ? null
                : (firstFailRecordsPerSec - maxRecordsPerSec) / maxRecordsPerSec;
    }
}
