package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** How a run (or a sweep invocation) ended; written lowercase, as result.json always had it. */
public enum RunStatus {
    COMPLETED, INTERRUPTED, FAILED;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The status as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static RunStatus of(String text) {
        return LowercaseEnum.parse(RunStatus.class, text, "status");
    }

    @Override
    public String toString() {
        return json();
    }
}
