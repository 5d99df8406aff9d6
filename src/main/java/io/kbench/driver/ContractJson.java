package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.DidYouMean;
import io.kbench.format.JsonPaths;
import io.kbench.format.MappingErrors;
import io.kbench.format.StrictMapper;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The contract's JSON lines (docs/drivers.md), both ways strict: an unknown key, a missing required key, a value of the
 * wrong type, a second document or a line longer than {@link #MAX_LINE_CHARS} is refused with one line naming the key.
 */
final class ContractJson {
    /**
     * The longest line either side accepts. An interval line carries four base64 histograms of a few KiB each; a
     * megabyte-long line means a driver gone wrong, and reading on would hold its memory.
     */
    static final int MAX_LINE_CHARS = 4 * 1024 * 1024;
    private static final ObjectMapper MAPPER = StrictMapper.jsonLines();
    private static final Pattern MISSING = Pattern.compile("^Missing required creator property '([^']+)'");

    private ContractJson() {
    }

    /** {@code line} as a {@code type}; {@code source} names it in the error ({@code driver slice}). */
    static <T> T read(String line, Class<T> type, String source) {
        if (line.length() > MAX_LINE_CHARS) {
            throw new InvalidInputException(source + ": a line of " + line.length() + " characters, over the contract's "
                    + MAX_LINE_CHARS + " (docs/drivers.md)");
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(line);
        } catch (StreamReadException e) {
            String problem = e.getOriginalMessage() == null ? "not JSON" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw new InvalidInputException(source + ": malformed JSON at column "
                    + (e.getLocation() == null ? "?" : e.getLocation().getColumnNr()) + ": " + shorten(problem), e);
        } catch (JsonProcessingException e) {
            throw MappingErrors.translate(e, null, source);
        }
        if (tree == null || !tree.isObject()) {
            throw new InvalidInputException(source + ": one JSON object expected (got " + shorten(line) + ")");
        }
        if (type.isInterface() && type.isAnnotationPresent(JsonSubTypes.class)) {
            List<String> names = Arrays.stream(type.getAnnotation(JsonSubTypes.class).value()).map(JsonSubTypes.Type::name).toList();
            if (!names.contains(tree.path("type").asText())) {
                throw InvalidInputException.field(source + ": type", tree.has("type") ? tree.get("type").toString() : "nothing",
                        "must be one of " + String.join(", ", names));
            }
        }
        try {
            return MAPPER.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            String unknown = unknownKey(tree, type, "");
            if (unknown != null) {
                throw new InvalidInputException(source + ": " + unknown, e);
            }
            // An event's "type" names its record and is no key of it: the translation below judges the record's keys.
            ObjectNode keys = ((ObjectNode) tree).deepCopy();
            if (type.isInterface()) {
                keys.remove("type");
            }
            Matcher missing = MISSING.matcher(String.valueOf(e.getOriginalMessage()));
            if (e instanceof JsonMappingException m && missing.find()) {
                throw new InvalidInputException(source + ": " + JsonPaths.of(m) + ": missing (a required key,"
                        + " docs/drivers.md)", e);
            }
            throw MappingErrors.translate(e, keys, source);
        }
    }

    /**
     * {@code unknown key 'a.b'; did you mean c? (...)} for the first key of {@code node} (read as {@code type}) or of an
     * object inside it that its record does not have; null when every key is known. Jackson reports a missing key or a
     * constructor's complaint before the unknown key that caused it, which would hide the real mistake.
     */
    static String unknownKey(JsonNode node, Class<?> type, String at) {
        if (type.isInterface()) {
            JsonSubTypes subtypes = type.getAnnotation(JsonSubTypes.class);
            String name = node.path("type").asText();
            type = subtypes == null ? type : Arrays.stream(subtypes.value()).filter(t -> t.name().equals(name))
                    .<Class<?>>map(JsonSubTypes.Type::value).findFirst().orElse(type);
        }
        if (!type.isRecord() || !node.isObject()) {
            return null;
        }
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            names.add(jsonName(c));
        }
        boolean typed = Arrays.stream(type.getInterfaces()).anyMatch(i -> i.isAnnotationPresent(JsonSubTypes.class));
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!names.contains(key) && !(typed && key.equals("type"))) {
                return "unknown key '" + (at.isEmpty() ? key : at + "." + key) + "'" + DidYouMean.hint(key, names)
                        + " (known keys here: " + String.join(", ", names) + ")";
            }
        }
        for (RecordComponent c : type.getRecordComponents()) {
            JsonNode child = node.get(jsonName(c));
            String path = at.isEmpty() ? jsonName(c) : at + "." + jsonName(c);
            String found = null;
            if (child != null && c.getType().isRecord()) {
                found = unknownKey(child, c.getType(), path);
            } else if (child != null && child.isArray() && c.getGenericType() instanceof ParameterizedType list
                    && list.getActualTypeArguments()[0] instanceof Class<?> element && element.isRecord()) {
                for (int i = 0; i < child.size() && found == null; i++) {
                    found = unknownKey(child.get(i), element, path + "[" + i + "]");
                }
            }
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static String jsonName(RecordComponent c) {
        JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
        return renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName();
    }

    /** {@code value} as one line, without its newline. */
    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("contract records always serialise", e);
        }
    }

    private static String shorten(String text) {
        return text.length() <= 160 ? text : text.substring(0, 160) + "...";
    }
}
