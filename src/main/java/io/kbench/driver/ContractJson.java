package io.kbench.driver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.InvalidInputException;
import io.kbench.format.JsonPaths;
import io.kbench.format.MappingErrors;
import io.kbench.format.StrictMapper;
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
        try {
            return MAPPER.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            Matcher missing = MISSING.matcher(String.valueOf(e.getOriginalMessage()));
            if (e instanceof JsonMappingException m && missing.find()) {
                String path = JsonPaths.of(m);
                throw new InvalidInputException(source + ": " + (path.isEmpty() ? "" : path + ".") + missing.group(1)
                        + ": missing (a required key, docs/drivers.md)", e);
            }
            throw MappingErrors.translate(e, tree, source);
        }
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
