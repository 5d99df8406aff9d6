package io.kbench.study;

import io.kbench.error.InvalidInputException;
import java.util.Locale;

/** How a finding's groups make its verdict (sweep files' {@code combine}). */
public enum GroupCombination {
    /** Every group judged on its own: held when every group holds, contradicted when one is (the claim in each). */
    EACH,
    /**
     * One verdict on the mean of the groups' log ratios, a main effect: for a claim about a factor in general ("acks
     * -1 costs throughput"), not in every cell; each group is still shown as judged alone.
     */
    POOLED;

    /** The word sweep files use. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    static GroupCombination parse(String field, String text) {
        if (text == null) {
            return EACH;
        }
        for (GroupCombination c : values()) {
            if (c.word().equals(text)) {
                return c;
            }
        }
        throw InvalidInputException.field(field, text, "must be each or pooled");
    }
}
