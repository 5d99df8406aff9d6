package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Whether an interval's records count in the results; written lowercase, as result.json always had it. */
public enum IntervalPhase {
    WARMUP, MEASURED;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The phase as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static IntervalPhase of(String text) {
        for (IntervalPhase p : values()) {
            if (p.json().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown phase '" + text + "'; expected warmup or measured");
    }

    @Override
    public String toString() {
        return json();
    }
}
