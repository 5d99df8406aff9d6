package io.kbench.format;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.kbench.error.InvalidInputException;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one translation of Jackson's failures on user input (workload, sweep, plan and price files, {@code --set}) into
 * kbench's one-line input error: {@code source: producers.count: expected a whole number (got {a: 1})}. It names the
 * key path, the value found there and the accepted forms ({@link ExpectedForms}), never a Java class or a stack.
 */
public final class MappingErrors {
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*?)'");
    /** What a message may not contain to be shown as is: it would show Java to the user. */
    private static final Pattern JAVA = Pattern.compile("java\\.|io\\.kbench|com\\.fasterxml|Exception|Creator|`");

    private MappingErrors() {
    }

    /**
     * One line for {@code e}, thrown while reading {@code source} or binding {@code tree} (null when the text did not
     * parse). A kbench input error thrown by a validating constructor inside Jackson is returned as it is.
     */
    public static InvalidInputException translate(JsonProcessingException e, JsonNode tree, String source) {
        InvalidInputException known = find(e, InvalidInputException.class);
        if (known != null) {
            // Jackson builds a record before it reports the keys it did not know, so the constructor's complaint
            // ("needs both min and max") would hide the real mistake ({a: 1}): an unknown key is named first.
            String unknown = e instanceof JsonMappingException m ? unknownKey(m, tree) : null;
            return unknown == null ? known : new InvalidInputException(source + ": " + unknown, e);
        }
        String original = firstLine(e.getOriginalMessage());
        String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr();
        Matcher duplicate = DUPLICATE.matcher(original);
        if (duplicate.find()) {
            // Jackson would keep the last value silently without STRICT_DUPLICATE_DETECTION; say which key.
            return new InvalidInputException(source + ": key '" + duplicate.group(1) + "' is given twice" + where, e);
        }
        if (e instanceof JsonMappingException m && (tree != null || !m.getPath().isEmpty())) {
            return new InvalidInputException(source + ": " + describe(m, tree), e);
        }
        if (original.startsWith("Trailing token")) {
            return new InvalidInputException(source + ": one YAML document expected, found more" + where, e);
        }
        return new InvalidInputException(source + ": malformed YAML" + where + ": " + shown(original, "not valid"), e);
    }

    /** {@code path: problem (got value)} for a failure while binding. */
    private static String describe(JsonMappingException e, JsonNode tree) {
        String path = JsonPaths.of(e).isEmpty() ? "(top level)" : JsonPaths.of(e);
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> names = u.getKnownPropertyIds() == null ? List.of() : u.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().toList();
            return "unknown key '" + path + "'" + DidYouMean.hint(u.getPropertyName(), names) + " (known keys here: "
                    + String.join(", ", names) + ")";
        }
        JsonNode node = at(tree, e);
        String got = node != null ? Values.show(node)
                : e instanceof InvalidFormatException f ? String.valueOf(f.getValue()) : "?";
        IllegalArgumentException reason = find(e, IllegalArgumentException.class);
        if (reason != null && !(e instanceof ValueInstantiationException)
                && reason.getClass() == IllegalArgumentException.class && reason.getMessage() != null
                && !JAVA.matcher(reason.getMessage()).find()) {
            // A value deserializer of ours (a byte size) said what it accepts; a constructor's own complaint about a
            // value of the wrong shape would not, so that case says what the type accepts.
            return path + ": " + firstLine(reason.getMessage()) + " (got " + got + ")";
        }
        return path + ": expected " + ExpectedForms.of(target(e)) + " (got " + got + ")";
    }

    /** {@code unknown key 'path.a' (...)} when the mapping a record was built from holds a key it has no part for. */
    private static String unknownKey(JsonMappingException e, JsonNode tree) {
        Class<?> type = target(e);
        JsonNode node = at(tree, e);
        if (type == null || !type.isRecord() || node == null || !node.isObject()) {
            return null;
        }
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
            names.add(renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName());
        }
        String path = JsonPaths.of(e);
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!names.contains(key)) {
                return "unknown key '" + (path.isEmpty() ? key : path + "." + key) + "'" + DidYouMean.hint(key, names)
                        + " (known keys here: " + String.join(", ", names) + ")";
            }
        }
        return null;
    }

    private static Class<?> target(JsonMappingException e) {
        if (e instanceof MismatchedInputException m) {
            return m.getTargetType();
        }
        if (e instanceof ValueInstantiationException v && v.getType() != null) {
            return v.getType().getRawClass();
        }
        return null;
    }

    /** The node the failure's path leads to in {@code tree}, or null. */
    private static JsonNode at(JsonNode tree, JsonMappingException e) {
        JsonNode n = tree;
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (n == null) {
                return null;
            }
            n = ref.getFieldName() != null ? n.get(ref.getFieldName()) : n.get(ref.getIndex());
        }
        return n;
    }

    private static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static String shown(String message, String fallback) {
        return message.isEmpty() || JAVA.matcher(message).find() ? fallback : message;
    }

    private static String firstLine(String message) {
        String text = Objects.toString(message, "");
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    /**
     * Values as the user wrote them, in YAML's flow style: {@code 'lots'}, {@code [1, 2]}, {@code {a: 1}}. The echo is
     * bounded ({@link #MAX_CHARS}) and kept on one line, and the value of a key that names a secret (a password, a JAAS
     * config, a token, a key) is never repeated, since an error line ends up in terminals and CI logs.
     */
    static final class Values {
        static final int MAX_CHARS = 120;
        private static final java.util.regex.Pattern SECRET_KEY =
                java.util.regex.Pattern.compile("(?i).*(password|secret|jaas|token|credential|key(store|file|env)?$|\\.key\\b).*");

        private Values() {
        }

        static String show(JsonNode node) {
            String text = flow(node).replaceAll("[\\r\\n\\t]+", " ");
            return text.length() <= MAX_CHARS ? text : text.substring(0, MAX_CHARS) + "...";
        }

        private static String flow(JsonNode node) {
            if (node.isTextual()) {
                return "'" + node.asText() + "'";
            }
            if (node.isArray()) {
                StringBuilder out = new StringBuilder("[");
                node.forEach(n -> out.append(out.length() > 1 ? ", " : "").append(flow(n)));
                return out.append(']').toString();
            }
            if (node.isObject()) {
                StringBuilder out = new StringBuilder("{");
                node.fields().forEachRemaining(f -> out.append(out.length() > 1 ? ", " : "").append(f.getKey())
                        .append(": ").append(SECRET_KEY.matcher(f.getKey()).matches() ? "<redacted>" : flow(f.getValue())));
                return out.append('}').toString();
            }
            return node.asText();
        }
    }
}
