package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** Whether an interval's records count in the results; written lowercase, as result.json always had it. */
public enum IntervalPhase {
    WARMUP, MEASURED;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The phase as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static IntervalPhase of(String text) {
        return LowercaseEnum.parse(IntervalPhase.class, text, "phase");
    }

    @Override
    public String toString() {
        return json();
    }
}
