package io.kbench.capacity;

import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses retention as Kafka users write it ("7d", "36h", "90m") or as ISO-8601 ("P7D"). */
public final class RetentionText {
    private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(d|h|m|s)");

    private RetentionText() {
    }

    public static Duration parse(String field, String text) {
        if (text == null || text.isBlank()) {
            throw InvalidInputException.field(field, text, "retention is required, e.g. 7d, 36h or P7D");
        }
        String t = text.trim();
        Matcher m = SHORT.matcher(t);
        Duration d;
        if (m.matches()) {
            double amount = Double.parseDouble(m.group(1));
            double seconds = amount * switch (m.group(2)) {
                case "d" -> 86_400;
                case "h" -> 3_600;
                case "m" -> 60;
                default -> 1;
            };
            d = Duration.ofMillis(Math.round(seconds * 1000));
        } else {
            try {
                d = Duration.parse(t);
            } catch (DateTimeParseException e) {
                throw InvalidInputException.field(field, text, "expected a duration such as 7d, 36h, 90m or P7D");
            }
        }
        if (d.isZero() || d.isNegative()) {
            throw InvalidInputException.field(field, text, "must be greater than zero");
        }
        return d;
    }

    /** Shortest readable form for reports: whole days as "7d", else hours. */
    public static String format(Duration d) {
        if (d.toMillis() % 86_400_000 == 0) {
            return d.toDays() + "d";
        }
        if (d.toMillis() % 3_600_000 == 0) {
            return d.toHours() + "h";
        }
        return d.toString();
    }
}
