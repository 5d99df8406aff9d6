package io.kbench.result.findmax;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/** How find-max chose its number of searches ({@code --searches}); written lowercase in find-max result.json. */
public enum SearchMode {
    /** {@code --searches N}: exactly N searches. */
    FIXED,
    /** {@code --searches auto}: until the answer's interval is narrow enough, or the budget is spent. */
    AUTO;

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    /** The mode as written in JSON; anything else is refused (no case folding). */
    @JsonCreator
    public static SearchMode of(String text) {
        return LowercaseEnum.parse(SearchMode.class, text, "search mode");
    }

    @Override
    public String toString() {
        return json();
    }
}
