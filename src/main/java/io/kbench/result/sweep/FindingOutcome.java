package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** What the repetitions say about a finding: written lowercase, printed in capitals. */
public enum FindingOutcome {
    /** Every group's ranges agree with the claim without overlap. */
    HELD,
    /** At least one group's ranges disagree with the claim without overlap. */
    CONTRADICTED,
    /** Neither: the ranges overlap the claim's boundary, or a point has no completed repetition. */
    INCONCLUSIVE;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static FindingOutcome of(String text) {
        return LowercaseEnum.parse(FindingOutcome.class, text, "finding outcome");
    }

    @Override
    public String toString() {
        return json();
    }
}
