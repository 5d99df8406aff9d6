package io.kbench.study;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * How the load of a latency claim's test is offered. At open load every producer sends as fast as it can, as most
 * originals ran their tools, and a percentile then measures the producers' queue depth at saturation as much as the
 * broker; at an equal fixed rate below every side's maximum it compares service latency at the same load.
 */
public enum ClaimMethod {
    /** Every producer as fast as it can: the original's method where it ran its tool with an unlimited rate. */
    OPEN_LOAD("open load"),
    /** The same records/s on every side, below each side's measured maximum. */
    FIXED_RATE("equal fixed rate");

    private final String label;

    ClaimMethod(String label) {
        this.label = label;
    }

    /** The method as the pages name it. */
    public String label() {
        return label;
    }

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static ClaimMethod of(String text) {
        return LowercaseEnum.parse(ClaimMethod.class, text, "claim method");
    }
}
