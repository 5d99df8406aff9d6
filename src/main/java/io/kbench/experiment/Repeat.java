package io.kbench.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.sweep.RepetitionMode;

/**
 * A sweep's {@code repeat}: a fixed count of repetitions per point ({@code repeat: 5}, {@code --repetitions 5}) or
 * {@code auto}: rounds until every decision is taken or the budget is spent (docs/sweeps.md).
 *
 * @param mode  fixed or auto
 * @param count the repetitions of every point when fixed (1-100); for auto, the minimum before the first look
 */
public record Repeat(RepetitionMode mode, int count) {
    /** Repetitions of every point before the first look of {@code repeat: auto}: 3 a side give Welch's interval 2 df. */
    public static final int AUTO_MINIMUM = 3;
    /** Most repetitions of a point. */
    public static final int MAX = 100;
    /** {@code repeat: auto}. */
    public static final Repeat AUTO = new Repeat(RepetitionMode.AUTO, AUTO_MINIMUM);

    public Repeat {
        if (mode == null) {
            throw InvalidInputException.field("repeat", "null", "needs a count or auto");
        }
        Checks.between("repeat", count, 1, MAX);
    }

    /** {@code repeat: N}. */
    public static Repeat fixed(int count) {
        return new Repeat(RepetitionMode.FIXED, count);
    }

    /** {@code text}: a count such as 5 or {@code auto}; {@code where} names the key or flag in the error. */
    public static Repeat parse(String where, String text) {
        String t = text == null ? "" : text.trim();
        if (t.equals("auto")) {
            return AUTO;
        }
        try {
            return new Repeat(RepetitionMode.FIXED, Checks.between(where, Integer.parseInt(t), 1, MAX));
        } catch (NumberFormatException e) {
            throw InvalidInputException.field(where, "'" + text + "'", "needs a count of repetitions (1-" + MAX + ") or auto");
        }
    }

    /** The sweep file's {@code repeat:} value, a number or {@code auto}. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Repeat of(JsonNode node) {
        if (node.isIntegralNumber()) {
            return fixed(Checks.between("repeat", node.asInt(), 1, MAX));
        }
        if (node.isTextual()) {
            return parse("repeat", node.asText());
        }
        throw InvalidInputException.field("repeat", node, "needs a count of repetitions (1-" + MAX + ") or auto");
    }

    public boolean auto() {
        return mode == RepetitionMode.AUTO;
    }

    @Override
    public String toString() {
        return auto() ? "auto" : Integer.toString(count);
    }
}
