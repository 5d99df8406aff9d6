package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** How many repetitions a sweep runs: written lowercase. */
public enum RepetitionMode {
    /** {@code repeat: N}: every point N times. */
    FIXED,
    /** {@code repeat: auto}: rounds until every decision is taken or the budget is spent (docs/sweeps.md). */
    AUTO;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static RepetitionMode of(String text) {
        return LowercaseEnum.parse(RepetitionMode.class, text, "repetitions mode");
    }

    @Override
    public String toString() {
        return json();
    }
}
