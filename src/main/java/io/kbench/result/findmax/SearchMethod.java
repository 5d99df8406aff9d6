package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * How one find-max search walks the offered rate ({@code findMax.method} in result.json, lowercase); a file written
 * before there was a choice has none and was a bisection.
 */
public enum SearchMethod {
    /** Double from the start rate until a probe fails, bisect to --precision, confirm: the answer is within a percentage. */
    BISECTION,
    /**
     * S4's method: from the start rate, raise the rate by a fixed --step after every probe that passes, stop at the
     * first that fails (or at --max-rate); the answer is the last rate that passed, to within one step.
     */
    STEPS;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The method as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static SearchMethod of(String text) {
        return LowercaseEnum.parse(SearchMethod.class, text, "search method");
    }

    @Override
    public String toString() {
        return json();
    }
}
