package io.kbench.experiment;

import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.ProbeOutcome;
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
public record SearchResult(FindMaxOutcome outcome, Double maxRecordsPerSec, Double firstFailRecordsPerSec,
                           List<ProbeOutcome> probes, String message) {
    public SearchResult {
        probes = List.copyOf(probes);
    }

    /** (first fail - answer) / answer, as a fraction; null when there is no bracket. */
    public Double achievedPrecision() {
        return maxRecordsPerSec == null || firstFailRecordsPerSec == null ? null
                : (firstFailRecordsPerSec - maxRecordsPerSec) / maxRecordsPerSec;
    }
}
