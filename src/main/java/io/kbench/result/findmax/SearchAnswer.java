package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.util.Objects;

/**
 * What one of find-max's independent searches answered on its own; its probes are those of the result's
 * {@code probes} with the same {@code search} number.
 *
 * @param search                   1, 2, ... in the order the searches ran
 * @param outcome                  how this search ended
 * @param maxRecordsPerSec         its answer (FOUND) or lower bound (LOWER_BOUND); absent otherwise
 * @param firstFailRecordsPerSec   the lowest failed rate above its answer; absent when none failed above it
 * @param achievedPrecisionPercent (firstFail - answer) / answer, when both are there
 * @param probes                   how many probes this search ran
 * @param message                  one line on how this search ended
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchAnswer(int search, FindMaxOutcome outcome, Double maxRecordsPerSec, Double firstFailRecordsPerSec,
                           Double achievedPrecisionPercent, int probes, String message) {
    public SearchAnswer {
        Checks.atLeast("searches[].search", search, 1);
        Objects.requireNonNull(outcome, "searches[].outcome");
        Checks.atLeast("searches[].probes", probes, 0);
        if (outcome.hasRate() != (maxRecordsPerSec != null)) {
            throw InvalidInputException.field("searches[" + search + "].maxRecordsPerSec", maxRecordsPerSec,
                    "does not fit outcome " + outcome + " (a rate exactly when FOUND or LOWER_BOUND)");
        }
    }
}
