package io.kbench.plan;

import io.kbench.error.InvalidInputException;

/** The validation rules shared by planning and cost records, each failing with the field name and value. */
public final class Checks {
    private Checks() {
    }

    public static double positive(String field, double value) {
        if (!Double.isFinite(value) || value <= 0) {
            throw InvalidInputException.field(field, value, "must be a finite number greater than zero");
        }
        return value;
    }

    public static double nonNegative(String field, double value) {
        if (!Double.isFinite(value) || value < 0) {
            throw InvalidInputException.field(field, value, "must be a finite number of zero or more");
        }
        return value;
    }

    public static int atLeast(String field, int value, int min) {
        if (value < min) {
            throw InvalidInputException.field(field, value, "must be at least " + min);
        }
        return value;
    }

    public static String nonBlank(String field, String value) {
        if (value == null || value.isBlank()) {
            throw InvalidInputException.field(field, value, "must not be empty");
        }
        return value;
    }
}
