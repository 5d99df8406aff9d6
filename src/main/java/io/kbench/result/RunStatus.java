package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a run (or a sweep invocation) ended; written lowercase, as result.json always had it. */
public enum RunStatus {
    COMPLETED, INTERRUPTED, FAILED;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static RunStatus of(String text) {
        for (RunStatus s : values()) {
            if (s.json().equals(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + text + "'; expected completed, interrupted or failed");
    }

    @Override
    public String toString() {
        return json();
    }
}
