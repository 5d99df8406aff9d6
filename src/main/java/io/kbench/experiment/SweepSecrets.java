package io.kbench.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.kbench.result.io.Redactor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a sweep shows the values of its secret paths ({@link Redactor#isSecret}, e.g.
 * {@code producers.properties.sasl.jaas.config}): the nth distinct value of such a path is {@code [secret-n]}, in point
 * names (and so directory names, tags.point, runOrder and stdout), in sweep.json's axes and overrides, and in
 * sweep.csv. The numbering follows the axis (or the points list) order, the same rule {@link Redactor} applies to a
 * list under a secret key, so {@code [secret-2]} in a point name is the second value of the axis.
 */
final class SweepSecrets {
    private final Map<String, List<JsonNode>> values;

    private SweepSecrets(Map<String, List<JsonNode>> values) {
        this.values = values;
    }

    /** The secret paths of {@code points} and their distinct values in order. */
    static SweepSecrets of(List<Map<String, JsonNode>> points) {
        Map<String, List<JsonNode>> values = new LinkedHashMap<>();
        for (Map<String, JsonNode> point : points) {
            point.forEach((path, value) -> {
                if (Redactor.isSecret(path)) {
                    List<JsonNode> seen = values.computeIfAbsent(path, k -> new ArrayList<>());
                    if (!seen.contains(value)) {
                        seen.add(value);
                    }
                }
            });
        }
        return new SweepSecrets(values);
    }

    /** {@code value} as shown: its label when {@code path} is secret. */
    JsonNode shown(String path, JsonNode value) {
        List<JsonNode> seen = values.get(path);
        if (seen == null) {
            return value;
        }
        int index = seen.indexOf(value);
        // A value not among the plan's (cannot happen for a loaded plan) is still never shown.
        return TextNode.valueOf(index < 0 ? Redactor.REDACTED : Redactor.secretLabel(index + 1));
    }

    /** {@code overrides} as shown, in their order. */
    Map<String, JsonNode> shown(Map<String, JsonNode> overrides) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        overrides.forEach((path, value) -> out.put(path, shown(path, value)));
        return out;
    }

    /** The axes as shown: a secret axis lists its labels. */
    Map<String, List<JsonNode>> shownAxes(Map<String, List<JsonNode>> axes) {
        if (axes == null) {
            return null;
        }
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        axes.forEach((path, list) -> out.put(path, list.stream().map(v -> shown(path, v)).toList()));
        return out;
    }
}
