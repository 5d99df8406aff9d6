package io.kbench.study;

import io.kbench.error.InvalidInputException;

/** The shape of the names claims and findings are referred to by. */
final class ClaimIds {
    private ClaimIds() {
    }

    /** Fails naming {@code field} unless {@code id} is lowercase letters, digits and '-', at most 64 characters. */
    static String check(String field, String id) {
        if (id == null || !id.matches("[a-z0-9][a-z0-9-]{0,63}")) {
            throw InvalidInputException.field(field, id, "needs lowercase letters, digits and '-', at most 64");
        }
        return id;
    }

    /** Fails naming {@code field} when {@code text} is null or blank. */
    static String text(String field, String text) {
        if (text == null || text.isBlank()) {
            throw InvalidInputException.field(field, text, "needs text");
        }
        return text.strip();
    }
}
