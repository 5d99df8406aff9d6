package io.kbench.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a user's YAML file (plan settings, price book) with {@link StrictMapper#yaml()}: unknown or duplicate keys,
 * nulls and wrong types are one-line errors naming the file, the key path and the value.
 */
public final class StrictYamlFile {
    private static final ObjectMapper YAML = StrictMapper.yaml();
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");

    private StrictYamlFile() {
    }

    public static <T> T read(Path file, Class<T> type) {
        if (!Files.isRegularFile(file)) {
            throw InvalidInputException.field("file", file, "no such file");
        }
        try {
            // Via the tree, so a failure can quote the offending value found at its path.
            JsonNode tree = YAML.readTree(file.toFile());
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw InvalidInputException.field(file.toString(), "(empty)", "file is empty");
            }
            T value;
            try {
                value = YAML.treeToValue(tree, type);
            } catch (JsonMappingException e) {
                throw translate(file, e, tree);
            }
            if (value == null) {
                throw InvalidInputException.field(file.toString(), "(empty)", "file is empty");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw translate(file, e, null);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** Turns a Jackson failure into one line: {@code file: drives[1].tbw: expected a number (got lots)}. */
    static InvalidInputException translate(Path file, JsonProcessingException e, JsonNode tree) {
        if (e instanceof JsonMappingException m) {
            // A validating constructor may have thrown our own exception inside Jackson.
            for (Throwable t = m; t != null; t = t.getCause()) {
                if (t instanceof InvalidInputException known) {
                    return new InvalidInputException(file + ": " + known.getMessage(), known);
                }
            }
            String path = JsonPaths.of(m).isEmpty() ? "(top level)" : JsonPaths.of(m);
            if (m instanceof UnrecognizedPropertyException u) {
                return InvalidInputException.field(file + ": " + path, u.getPropertyName(),
                        "unknown key; known keys: " + new TreeSet<>(u.getKnownPropertyIds().stream().map(String::valueOf).toList()));
            }
            if (m instanceof InvalidFormatException f) {
                return InvalidInputException.field(file + ": " + path, f.getValue(), "expected " + typeName(f.getTargetType()));
            }
            if (m instanceof MismatchedInputException mi) {
                return InvalidInputException.field(file + ": " + path, valueAt(tree, mi), "expected " + typeName(mi.getTargetType()));
            }
            return InvalidInputException.field(file + ": " + path, valueAt(tree, m), m.getOriginalMessage());
        }
        String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
        Matcher duplicate = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
        if (duplicate.matches()) {
            // Jackson would keep the last value silently without STRICT_DUPLICATE_DETECTION; say which key.
            return new InvalidInputException(file + ": key '" + duplicate.group(1) + "' is given twice" + where, e);
        }
        return new InvalidInputException(file + ": not valid YAML" + where + ": " + e.getOriginalMessage(), e);
    }


    private static String valueAt(JsonNode tree, JsonMappingException e) {
        JsonNode n = tree;
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (n == null) {
                break;
            }
            n = ref.getFieldName() != null ? n.get(ref.getFieldName()) : n.get(ref.getIndex());
        }
        if (n == null || tree == null) {
            return "?";
        }
        return n.isTextual() ? "\"" + n.asText() + "\"" : n.toString();
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "a different value";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a mapping (" + type.getSimpleName() + ")";
    }
}
