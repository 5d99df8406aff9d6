package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** What the repetitions say about a finding: written lowercase, printed in capitals. */
public enum FindingOutcome {
    /** Every judged group's interval agrees with the claim. */
    HELD,
    /** At least one judged group's interval disagrees with the claim. */
    CONTRADICTED,
    /** Neither: the interval reaches across the claim's boundary, or a point has no completed repetition. */
    INCONCLUSIVE,
    /** A precondition the finding declares was measured and failed: the claim's cause is absent from these runs. */
    NOT_TESTABLE,
    /** A precondition the finding declares was not measured with these runs (kept before kbench measured it). */
    NOT_MEASURED;

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
