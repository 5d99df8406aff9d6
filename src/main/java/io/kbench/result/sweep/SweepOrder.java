package io.kbench.result.sweep;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** The order a sweep runs its repetitions in: written lowercase. */
public enum SweepOrder {
    /** Every point once, then every point again: drift and a cold broker do not line up with one axis value. */
    INTERLEAVED,
    /** Each round of {@code interleaved} shuffled with the sweep's seed. */
    RANDOM,
    /** All repetitions of a point before the next point (kbench 0.1's order). */
    SEQUENTIAL;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static SweepOrder of(String text) {
        return LowercaseEnum.parse(SweepOrder.class, text, "order");
    }

    @Override
    public String toString() {
        return json();
    }
}
