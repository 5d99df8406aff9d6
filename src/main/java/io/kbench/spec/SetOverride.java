package io.kbench.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * One {@code --set path=value}: {@code producers.rate=5000}, {@code producers.properties.linger.ms=5}.
 * Below a map-valued key (properties, configs, brokerConfig) the rest of the path is one Kafka key, dots and all.
 */
public record SetOverride(String[] path, JsonNode value, String text) {
    private static final Set<String> OPAQUE_MAPS = Set.of("properties", "configs", "brokerConfig");

    /** One override from a path and an already-parsed value, as sweep axes give them. */
    public static SetOverride of(String pathText, JsonNode value) {
        return new SetOverride(splitPath(pathText.trim()), value, pathText + "=" + value);
    }

    /** The path as written, dots included. */
    public String pathText() {
        return String.join(".", path);
    }

    /** One {@code --set path=value} as the user typed it. */
    public static SetOverride parse(String text) {
        return parse(text, StrictMapper.yaml());
    }

    static SetOverride parse(String text, ObjectMapper yaml) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw InvalidInputException.field("--set", "'" + text + "'", "must look like path=value, e.g. producers.rate=5000");
        }
        String pathText = text.substring(0, eq).trim();
        String valueText = text.substring(eq + 1);
        return new SetOverride(splitPath(pathText), parseScalar(valueText, yaml), text);
    }

    private static String[] splitPath(String pathText) {
        String[] parts = pathText.split("\\.");
        for (int i = 0; i < parts.length - 1; i++) {
            if (OPAQUE_MAPS.contains(parts[i])) {
                String[] joined = new String[i + 2];
                System.arraycopy(parts, 0, joined, 0, i + 1);
                joined[i + 1] = String.join(".", Arrays.copyOfRange(parts, i + 1, parts.length));
                return joined;
            }
        }
        for (String part : parts) {
            if (part.isEmpty()) {
                throw InvalidInputException.field("--set", "'" + pathText + "'", "has an empty path segment");
            }
        }
        return parts;
    }

    /** The value is read as YAML, so {@code 5000} is a number, {@code 30s} a string and {@code {min: 1}} a map. */
    private static JsonNode parseScalar(String valueText, ObjectMapper yaml) {
        if (valueText.isEmpty()) {
            return TextNode.valueOf("");
        }
        try {
            JsonNode node = yaml.readTree(valueText);
            return node == null || node.isMissingNode() ? TextNode.valueOf(valueText) : node;
        } catch (JsonProcessingException e) {
            return TextNode.valueOf(valueText);
        }
    }

    /**
     * Keeps one kind of offered load after {@code key} of the producers section was set: stages (or a shape) replace
     * the rate, the length they set (records, duration) and each other, and a rate replaces them, so that {@code --set producers.stages=[..]}
     * works on the quick start (with a fixed warm-up: --set producers.warmupDuration=10s), and a sweep of producers.rate on a staged workload or of a key inside the shape.
     */
    private static void keepOneLoad(ObjectNode producers, String key, JsonNode value) {
        if (value == null || value.isNull()) {
            return;
        }
        if (key.equals("stages")) {
            producers.remove(List.of("rate", "duration", "records", "shape"));
        } else if (key.equals("shape")) {
            producers.remove(List.of("rate", "duration", "records", "stages"));
        } else if (key.equals("rate")) {
            producers.remove(List.of("stages", "shape"));
        }
    }

    public void applyTo(ObjectNode root) {
        ObjectNode node = root;
        for (int i = 0; i < path.length - 1; i++) {
            JsonNode child = node.get(path[i]);
            if (child == null || child.isNull()) {
                child = node.putObject(path[i]);
            } else if (i == 1 && path[0].equals("producers") && WarmupSpec.isAutoWord(path[1], child)) {
                child = node.putObject(path[i]).put("mode", "auto"); // warmup: auto, so that warmup.max can be set
            } else if (!child.isObject()) {
                throw InvalidInputException.field("--set " + String.join(".", path), "'" + text + "'",
                        "'" + path[i] + "' is a value, not a section");
            }
            node = (ObjectNode) child;
        }
        node.set(path[path.length - 1], value);
        if (path.length == 2 && path[0].equals("producers")) {
            WarmupSpec.keepOneKind(node, path[1], value);
            keepOneLoad(node, path[1], value);
        } else if (path.length > 2 && path[0].equals("producers") && path[1].equals("shape")
                && root.get("producers") instanceof ObjectNode producers) {
            // A key inside the shape (a sweep of producers.shape.bursts.burst): the stages it made are remade.
            keepOneLoad(producers, "shape", value);
        }
    }
}
