package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * Whether a run's measured window was steady enough for its averages to stand for it ({@link Drift}); written
 * lowercase: {@code steady}, {@code drifting}, {@code too_short}.
 */
public enum SteadyState {
    /** No trend beyond the limits: the averages describe the whole window. */
    STEADY,
    /** Throughput or p99 moved beyond a limit over the window: an average hides a trend; judge it as drifting. */
    DRIFTING,
    /** Too few measured intervals to tell a trend from noise. */
    TOO_SHORT;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The state as written in JSON; anything else is refused. */
    @JsonCreator
    public static SteadyState of(String text) {
        return LowercaseEnum.parse(SteadyState.class, text, "drift state");
    }

    @Override
    public String toString() {
        return json();
    }
}
