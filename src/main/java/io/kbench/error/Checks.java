package io.kbench.error;

import io.kbench.unit.DurationText;
import java.time.Duration;

/**
 * Eager validation for record constructors and parsed input: each failure is an {@link InvalidInputException}
 * naming the field and the value, so bad input stops with one line before any broker starts.
 */
public final class Checks {
    private Checks() {
    }

    public static int atLeast(String field, int value, int min) {
        if (value < min) {
            throw InvalidInputException.field(field, value, "must be at least " + min);
        }
        return value;
    }

    public static long atLeast(String field, long value, long min) {
        if (value < min) {
            throw InvalidInputException.field(field, value, "must be at least " + min);
        }
        return value;
    }

    public static int between(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw InvalidInputException.field(field, value, "must be between " + min + " and " + max);
        }
        return value;
    }

    /** NaN and infinity fail too: a rate or a price of "infinity" is always a typo or an overflow. */
    public static double positive(String field, double value) {
        if (!Double.isFinite(value) || value <= 0) {
            throw InvalidInputException.field(field, value, "must be a finite number greater than zero");
        }
        return value;
    }

    public static Duration positive(String field, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw InvalidInputException.field(field, DurationText.format(value), "must be a positive duration");
        }
        return value;
    }

    public static String notBlank(String field, String value) {
        if (value == null || value.isBlank()) {
            throw InvalidInputException.field(field, value == null ? "nothing" : "'" + value + "'", "must not be empty");
        }
        return value;
    }
}
