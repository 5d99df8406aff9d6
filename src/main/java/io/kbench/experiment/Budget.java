package io.kbench.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.time.Duration;

/**
 * What a sweep with {@code repeat: auto} may spend: a count of runs, every point's repetitions added ({@code budget: 24},
 * {@code --budget 24}), or a duration its rounds may take ({@code budget: 30m}). A round the budget cannot finish is
 * never started (docs/sweeps.md).
 *
 * @param runs the most runs; null for a time budget
 * @param time the most time; null for a count budget
 */
public record Budget(Integer runs, Duration time) {
    /** Without a stated budget, {@code repeat: auto} may run every point this many times. */
    public static final int DEFAULT_PER_POINT = 10;

    public Budget {
        if ((runs == null) == (time == null)) {
            throw InvalidInputException.field("budget", runs == null ? "neither" : "both", "needs a count of runs or a duration");
        }
        if (runs != null && runs < 1) {
            throw InvalidInputException.field("budget", runs, "needs at least one run");
        }
        if (time != null && (time.isNegative() || time.isZero())) {
            throw InvalidInputException.field("budget", DurationText.format(time), "needs a positive duration");
        }
    }

    /** The default budget of a sweep of {@code points} points: {@value #DEFAULT_PER_POINT} runs per point. */
    public static Budget defaultFor(int points) {
        return new Budget(points * DEFAULT_PER_POINT, null);
    }

    /** {@code text}: a count of runs such as 24, or a duration such as 30m or 2h; {@code where} names the key or flag. */
    public static Budget parse(String where, String text) {
        String t = text == null ? "" : text.trim();
        if (t.matches("\\d{1,9}")) {
            int runs = Integer.parseInt(t);
            if (runs < 1) {
                throw InvalidInputException.field(where, "'" + text + "'", "needs at least one run");
            }
            return new Budget(runs, null);
        }
        try {
            Duration d = DurationText.parse(t);
            if (d.isZero()) {
                throw InvalidInputException.field(where, "'" + text + "'", "needs a positive duration");
            }
            return new Budget(null, d);
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.field(where, "'" + text + "'", "needs a count of runs (24) or a duration (30m, 2h)");
        }
    }

    /** The sweep file's {@code budget:} value. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Budget of(JsonNode node) {
        if (node.isIntegralNumber() || node.isTextual()) {
            return parse("budget", node.asText());
        }
        throw InvalidInputException.field("budget", node, "needs a count of runs (24) or a duration (30m, 2h)");
    }

    @Override
    public String toString() {
        return runs != null ? runs + " runs" : DurationText.format(time);
    }
}
