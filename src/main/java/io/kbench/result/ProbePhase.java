package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Which part of the find-max search ran a probe; written lowercase, as find-max result.json always had it. */
public enum ProbePhase {
    /** Doubling the rate until a probe fails. */
    BRACKET,
    /** Halving the interval between the last pass and the first fail. */
    BISECT,
    /** Re-running the candidate answer. */
    CONFIRM;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The phase as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static ProbePhase of(String text) {
        for (ProbePhase p : values()) {
            if (p.json().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown probe phase '" + text + "'; expected bracket, bisect or confirm");
    }

    @Override
    public String toString() {
        return json();
    }
}
