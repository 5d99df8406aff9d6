package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** Whether an auto warm-up's measured window had settled, judged after the run by MSER-5 (docs/warmup.md); lowercase. */
public enum Settling {
    /** No truncation point, or one before which the publish p99 was less than 1.5x that after it: settled. */
    SETTLED,
    /** A truncation point within the first half of the window, with the p99 before it 1.5x or more that after: the warm-up
     *  ended early and the window's first seconds still carry its transient. */
    STILL_SETTLING,
    /** The p99 before the truncation point differs 1.5x or more from that after, and the point lies beyond the first half
     *  of the window (still falling past its middle), or the p99 rose across it: the window never settled. */
    NOT_STEADY;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static Settling of(String text) {
        return LowercaseEnum.parse(Settling.class, text, "warm-up check verdict");
    }

    @Override
    public String toString() {
        return json();
    }
}
