package io.kbench.format;

import com.fasterxml.jackson.databind.JsonNode;

/** A JSON value as users write it in a table cell or a directory name. */
public final class JsonText {
    private JsonText() {
    }

    /** Scalars as written ({@code gzip}, {@code 5}); structured values as compact JSON. */
    public static String of(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString();
    }
}
