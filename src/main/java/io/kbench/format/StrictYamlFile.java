package io.kbench.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a user's YAML file (plan settings, price book) with {@link StrictMapper#yaml()}: unknown or duplicate keys,
 * nulls and wrong types are one-line errors naming the file, the key path and the value.
 */
public final class StrictYamlFile {
    private static final ObjectMapper YAML = StrictMapper.yaml();

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

    /** Turns a Jackson failure into one line: {@code file: drives[1].tbw: expected a number (got 'lots')}. */
    static InvalidInputException translate(Path file, JsonProcessingException e, JsonNode tree) {
        InvalidInputException error = MappingErrors.translate(e, tree, file.toString());
        // A validating constructor's own error does not know the file; name it.
        return error.getMessage().startsWith(file.toString()) ? error
                : new InvalidInputException(file + ": " + error.getMessage(), error);
    }
}
