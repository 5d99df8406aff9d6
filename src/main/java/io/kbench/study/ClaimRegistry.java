package io.kbench.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The claims registries in docs/studies/claims/ (s1.yaml .. s5.yaml), read strictly. */
public final class ClaimRegistry {
    /** Where the registries live, relative to the repository root. */
    public static final String DIR = "docs/studies/claims";
    private static final ObjectMapper YAML = StrictMapper.yaml();

    private ClaimRegistry() {
    }

    /** One registry file. */
    public static StudyClaims read(Path file) {
        try {
            return YAML.readValue(file.toFile(), StudyClaims.class);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(file.getFileName() + ": " + e.getMessage(), e);
        } catch (IOException e) {
            Throwable cause = e.getCause() instanceof InvalidInputException ? e.getCause() : e;
            String message = cause instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
                    : cause.getMessage();
            throw new InvalidInputException(file.getFileName() + ": " + message.lines().findFirst().orElse(""), e);
        }
    }

    /** Every registry under {@code root}/docs/studies/claims, in file-name order. */
    public static List<StudyClaims> readAll(Path root) {
        Path dir = root.resolve(DIR);
        try (Stream<Path> files = Files.list(dir)) {
            List<StudyClaims> all = new ArrayList<>();
            files.filter(f -> f.getFileName().toString().matches("s\\d+\\.yaml")).sorted().forEach(f -> all.add(read(f)));
            return all;
        } catch (IOException e) {
            throw new InvalidInputException(dir + ": " + e.getMessage(), e);
        }
    }
}
