package io.kbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.RunFailedException;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes result.json (secrets redacted) atomically, so a reader never sees half a file. */
public final class ResultWriter {
    public static final String FILE_NAME = "result.json";
    private static final ObjectMapper JSON = mapper();

    private ResultWriter() {
    }

    public static ObjectMapper mapper() {
        return StrictMapper.json();
    }

    public static Path write(Object result, Path dir) {
        try {
            Files.createDirectories(dir);
            JsonNode tree = Redactor.redactTree(JSON.valueToTree(result));
            Path tmp = dir.resolve(FILE_NAME + ".tmp");
            JSON.writeValue(tmp.toFile(), tree);
            return Files.move(tmp, dir.resolve(FILE_NAME), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + dir.resolve(FILE_NAME) + ": " + e.getMessage(), e);
        }
    }
}
