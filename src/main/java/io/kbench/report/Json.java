package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.result.io.ResultWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Flattens a typed record (through the result writer's mapper) to dotted keys for the configuration table. */
final class Json {
    private static final ObjectMapper MAPPER = ResultWriter.mapper();

    private Json() {
    }

    /** Flattens {@code value} as it is written to JSON; null gives no rows. */
    static List<String[]> flatten(Object value) {
        return value == null ? List.of() : flattenTree(MAPPER.valueToTree(value));
    }

    /** Flattens objects to dotted keys; arrays of scalars become comma-separated text. */
    private static List<String[]> flattenTree(JsonNode node) {
        List<String[]> out = new ArrayList<>();
        if (node != null) {
            flatten("", node, out);
        }
        return out;
    }

    private static void flatten(String prefix, JsonNode node, List<String[]> out) {
        if (node.isObject()) {
            if (node.isEmpty() && !prefix.isEmpty()) {
                out.add(new String[] {prefix, "{}"});
            }
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node.isArray()) {
            boolean scalars = true;
            for (JsonNode n : node) {
                scalars &= n.isValueNode();
            }
            if (scalars) {
                List<String> parts = new ArrayList<>();
                node.forEach(n -> parts.add(text(n)));
                out.add(new String[] {prefix, String.join(", ", parts)});
            } else {
                int i = 0;
                for (JsonNode n : node) {
                    flatten(prefix + "[" + i++ + "]", n, out);
                }
            }
        } else {
            out.add(new String[] {prefix, node.isNull() ? "null" : text(node)});
        }
    }

    /** A scalar as the report shows it: numbers by the report's one rule (20000.0 reads 20,000), text as it is. */
    private static String text(JsonNode scalar) {
        return scalar.isNumber() ? Fmt.number(scalar.doubleValue()) : scalar.asText();
    }
}
