package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** Which part of the find-max search ran a probe (bracket, bisect and confirm of a bisection, or a step); written lowercase, as find-max result.json always had it. */
public enum ProbePhase {
    /** Doubling the rate until a probe fails; or, when the start rate failed, halving it until one passes. */
    BRACKET,
    /** Halving the interval between the last pass and the first fail. */
    BISECT,
    /** Re-running the candidate answer. */
    CONFIRM,
    /** One rung of a step ladder ({@code --step}): the previous rate plus the step (minus it below a failed start). */
    STEP;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The phase as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static ProbePhase of(String text) {
        return LowercaseEnum.parse(ProbePhase.class, text, "probe phase");
    }

    @Override
    public String toString() {
        return json();
    }
}
