package io.kbench.spec;

import io.kbench.error.InvalidInputException;

/**
 * A bad field of a list element (a fault), thrown while the element is bound, when it cannot know its own index:
 * {@link SpecLoader} prefixes Jackson's path ({@code faults[1]}) and turns it into an {@link InvalidInputException}.
 */
final class ElementFieldException extends IllegalArgumentException {
    private final String field;
    private final transient Object value;
    private final String problem;

    ElementFieldException(String field, Object value, String problem) {
        super(field + ": " + problem + " (got " + value + ")");
        this.field = field;
        this.value = value;
        this.problem = problem;
    }

    /** The input error with the element's path in front, e.g. {@code faults[1].duration}. */
    InvalidInputException at(String path) {
        String full = path.isEmpty() ? field : path.endsWith("." + field) || path.equals(field) ? path : path + "." + field;
        return InvalidInputException.field(full, value, problem);
    }
}
