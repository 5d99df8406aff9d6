package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Tolerant reads from a JSON tree: missing fields are NaN, null or empty, never an exception. */
final class Json {
    private Json() {
    }

    static JsonNode at(JsonNode node, String... path) {
        JsonNode n = node;
        for (String p : path) {
            if (n == null) {
                return null;
            }
            n = n.get(p);
        }
        return n == null || n.isNull() || n.isMissingNode() ? null : n;
    }

    static double num(JsonNode node, String... path) {
        JsonNode n = at(node, path);
        return n != null && n.isNumber() ? n.asDouble() : Double.NaN;
    }

    static String text(JsonNode node, String... path) {
        JsonNode n = at(node, path);
        return n == null ? null : n.isValueNode() ? n.asText() : n.toString();
    }

    static boolean bool(JsonNode node, String... path) {
        JsonNode n = at(node, path);
        return n != null && n.asBoolean();
    }

    static List<JsonNode> array(JsonNode node, String... path) {
        JsonNode n = at(node, path);
        List<JsonNode> out = new ArrayList<>();
        if (n != null && n.isArray()) {
            n.forEach(out::add);
        }
        return out;
    }

    /** Flattens objects to dotted keys; arrays of scalars become comma-separated text. */
    static List<String[]> flatten(JsonNode node) {
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
                node.forEach(n -> parts.add(n.asText()));
                out.add(new String[] {prefix, String.join(", ", parts)});
            } else {
                int i = 0;
                for (JsonNode n : node) {
                    flatten(prefix + "[" + i++ + "]", n, out);
                }
            }
        } else {
            out.add(new String[] {prefix, node.isNull() ? "null" : node.asText()});
        }
    }
}
