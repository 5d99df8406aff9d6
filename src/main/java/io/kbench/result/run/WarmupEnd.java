package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** Why an auto warm-up ended (docs/warmup.md); written lowercase. */
public enum WarmupEnd {
    /** The send schedule was met and the publish p99 level settled at its low, after at least the minimum. */
    STEADY,
    /** It reached its cap before the run was steady: the measured window starts on a run that was not. */
    CAP,
    /** The producers stopped (Ctrl-C, a failure) before either: nothing was measured. */
    STOPPED;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static WarmupEnd of(String text) {
        return LowercaseEnum.parse(WarmupEnd.class, text, "warm-up end");
    }

    @Override
    public String toString() {
        return json();
    }
}
