package io.kbench.format;

import com.fasterxml.jackson.databind.JsonMappingException;

/** Where in a document a Jackson mapping error happened, as users write paths: {@code points[0].summary.produced}. */
public final class JsonPaths {
    private JsonPaths() {
    }

    /** Jackson's reference chain as {@code a.b[1].c}; empty at the top level. */
    public static String of(JsonMappingException e) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                out.append(out.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }
}
