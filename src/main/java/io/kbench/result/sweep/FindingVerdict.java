package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A finding of the sweep file judged on the sweep's repetitions.
 *
 * @param claim   the claim as the sweep file words it
 * @param metric  the figure it is about, e.g. produced.recordsPerSec (latencies in microseconds)
 * @param rule    the statistical rule applied, in words
 * @param outcome held, contradicted or inconclusive over all groups
 * @param groups  one judgement per group of points the claim is checked within
 */
public record FindingVerdict(String claim, String metric, String rule, FindingOutcome outcome, List<Group> groups) {
    public FindingVerdict {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(outcome, "outcome");
        groups = List.copyOf(groups);
    }

    /**
     * The claim checked among the points that share {@code at}.
     *
     * @param at      the settings the group's points share (empty: all points)
     * @param outcome this group's judgement
     * @param low     lower end of the judged range: the subject's min (lowest/highest) or the smallest ratio
     * @param high    upper end: the subject's max or the largest ratio; absent (with low) when a point had no completed repetition
     * @param shown   the figures in words, with units
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Group(Map<String, JsonNode> at, FindingOutcome outcome, Double low, Double high, String shown) {
        public Group {
            // Sorted by path, not Map.copyOf: its iteration order changes from one JVM to the next, and the kept study
            // data (sweep.json) and its rendered groups would be rewritten in another order on every re-judge.
            at.forEach((path, value) -> Objects.requireNonNull(value, path));
            at = Collections.unmodifiableMap(new TreeMap<>(at));
            Objects.requireNonNull(outcome, "outcome");
        }
    }
}
