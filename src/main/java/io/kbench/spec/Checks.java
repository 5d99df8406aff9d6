package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import java.time.Duration;

/** Eager validation helpers for spec records: each failure names the field and the value. */
final class Checks {
    private Checks() {
    }

    static long atLeast(String field, long value, long min) {
        if (value < min) {
            throw InvalidInputException.field(field, value, "must be >= " + min);
        }
        return value;
    }

    static int between(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw InvalidInputException.field(field, value, "must be between " + min + " and " + max);
        }
        return value;
    }

    static double positive(String field, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw InvalidInputException.field(field, value, "must be a positive number");
        }
        return value;
    }

    static Duration positive(String field, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw InvalidInputException.field(field, DurationText.format(value), "must be a positive duration");
        }
        return value;
    }

    static String notBlank(String field, String value) {
        if (value == null || value.isBlank()) {
            throw InvalidInputException.field(field, value == null ? "nothing" : "'" + value + "'", "must not be empty");
        }
        return value;
    }
}
