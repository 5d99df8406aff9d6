package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a study command measures, as one tree: the command, the scenario file's keys (with the workload file a sweep
 * names inlined), and the options it passes. Its hash, SHA-256 of the tree as JSON with sorted keys (the catalog's
 * way of hashing a resolved workload), is recorded when a kept result is measured and recomputed from today's files.
 *
 * <p>Left out, because a kept result stays a measurement of the same scenario without them: comments and
 * {@code description} (words), {@code findings} (judged again on the kept result by {@code --claims}), and how many
 * times it was measured ({@code repeat}, {@code budget}, {@code --repetitions}, {@code --budget}, {@code --searches},
 * {@code --answer-precision}): a kept result with fewer repetitions is judged on what it has, and its interval says
 * how decisive that is. The results directory is where, not what.
 */
public final class ScenarioResolution {
    private static final ObjectMapper YAML = StrictMapper.yaml();
    private static final ObjectMapper SORTED = StrictMapper.json().copy()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
            .configure(SerializationFeature.INDENT_OUTPUT, false);
    private static final Set<String> NOT_SCENARIO_KEYS = Set.of("description", "findings", "repeat", "budget");
    private static final Set<String> NOT_SCENARIO_OPTIONS = Set.of("--repetitions", "--budget", "--searches",
            "--answer-precision", "--results-dir", "--resume");

    private ScenarioResolution() {
    }

    /** The tree {@code command} measures, read from the files under {@code root} as they are now. */
    public static ObjectNode resolve(Path root, StudyCommand command) {
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        tree.put("command", command.command());
        Path file = root.resolve(command.scenario());
        ObjectNode scenario = scenario(file);
        JsonNode workload = scenario.get("workload");
        if (command.command().equals("sweep") && workload != null && workload.isTextual()) {
            // A sweep naming its base workload by file measures that file's content, not its name.
            scenario.set("workload", scenario(file.resolveSibling(workload.asText())));
        }
        tree.set("scenario", scenario);
        tree.set("options", options(command.options()));
        return sorted(tree);
    }

    /** SHA-256 of {@code tree} as JSON with sorted keys, in hex. */
    public static String hash(JsonNode tree) {
        try {
            byte[] json = SORTED.writeValueAsBytes(SORTED.treeToValue(tree, Object.class));
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always writes", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /**
     * The first path, in sorted key order, where {@code measured} and {@code today} differ, as
     * {@code path: X when measured, Y today}; null when they are equal.
     */
    public static String firstDifference(JsonNode measured, JsonNode today) {
        return difference("", measured, today);
    }

    private static String difference(String path, JsonNode a, JsonNode b) {
        if (a != null && b != null && a.isObject() && b.isObject()) {
            Set<String> keys = new TreeSet<>();
            a.fieldNames().forEachRemaining(keys::add);
            b.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                String d = difference(path.isEmpty() ? k : path + "." + k, a.get(k), b.get(k));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a != null && b != null && a.isArray() && b.isArray()) {
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                String d = difference(path + "[" + i + "]", a.get(i), b.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a == null ? b == null : a.equals(b)) {
            return null;
        }
        return path + ": " + shown(a) + " when measured, " + shown(b) + " today";
    }

    private static String shown(JsonNode n) {
        if (n == null) {
            return "absent";
        }
        String s = n.isTextual() ? n.asText() : n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    private static ObjectNode scenario(Path file) {
        JsonNode tree;
        try {
            tree = YAML.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InvalidInputException(file + ": " + e.getMessage().lines().findFirst().orElse("unreadable"), e);
        }
        if (tree == null || !tree.isObject()) {
            throw InvalidInputException.field(file.toString(), tree, "is not a scenario (a YAML mapping)");
        }
        ObjectNode scenario = (ObjectNode) tree;
        scenario.remove(NOT_SCENARIO_KEYS);
        if (scenario.get("base") instanceof ObjectNode base) {
            base.remove("description");
        }
        return scenario;
    }

    /** {@code --flag value} and {@code --flag=value} as flag: value; a repeated flag (--set) as a list in its order. */
    private static ObjectNode options(List<String> args) {
        ObjectNode options = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < args.size(); i++) {
            String flag = args.get(i);
            if (!flag.startsWith("--")) {
                throw InvalidInputException.field("options", String.join(" ", args), "expected a --flag at " + flag);
            }
            String value = "true";
            int eq = flag.indexOf('=');
            if (eq > 0) {
                value = flag.substring(eq + 1);
                flag = flag.substring(0, eq);
            } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            }
            if (NOT_SCENARIO_OPTIONS.contains(flag)) {
                continue;
            }
            JsonNode old = options.get(flag);
            if (old == null) {
                options.put(flag, value);
            } else {
                ArrayNode list = old.isArray() ? (ArrayNode) old : JsonNodeFactory.instance.arrayNode().add(old);
                options.set(flag, list.add(TextNode.valueOf(value)));
            }
        }
        return options;
    }

    /** A copy with every object's keys in sorted order, so the recorded file reads like the hash is taken. */
    private static ObjectNode sorted(ObjectNode tree) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        Set<String> keys = new TreeSet<>();
        tree.fieldNames().forEachRemaining(keys::add);
        for (String k : keys) {
            out.set(k, sortedNode(tree.get(k)));
        }
        return out;
    }

    private static JsonNode sortedNode(JsonNode n) {
        if (n instanceof ObjectNode o) {
            return sorted(o);
        }
        if (n instanceof ArrayNode a) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            for (Iterator<JsonNode> it = a.elements(); it.hasNext(); ) {
                out.add(sortedNode(it.next()));
            }
            return out;
        }
        return n;
    }
}
