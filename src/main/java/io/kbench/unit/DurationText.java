package io.kbench.unit;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints human durations such as {@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, {@code 7d}. */
public final class DurationText {
    /** A duration as users write it, without surrounding spaces (parse trims them); the input schemas use it too. */
    public static final String FORM_REGEX = "(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)";
    private static final Pattern FORM = Pattern.compile(FORM_REGEX);

    private DurationText() {
    }

    /** Parses {@code text}; the message of the thrown exception names the accepted forms. */
    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (use e.g. 500ms, 30s, 5m, 2h, 7d)");
        }
        double amount = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2)) {
            case "ms" -> amount;
            case "s" -> amount * 1_000;
            case "m" -> amount * 60_000;
            case "h" -> amount * 3_600_000;
            default -> amount * 86_400_000;
        };
        return Duration.ofNanos(Math.round(millis * 1_000_000));
    }

    /** The shortest exact form: {@code 30s}, {@code 1500ms}, {@code 5m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 86_400_000 == 0 && ms > 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }
}
