package io.kbench.result.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.RunFailedException;
import io.kbench.format.StrictMapper;
import io.kbench.result.KbenchResult;
import io.kbench.result.cost.CostResult;
import io.kbench.result.plan.PlanResult;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one place that writes kbench's result files (every {@link KbenchResult}): secrets redacted, written atomically
 * so that a reader never sees half a file.
 */
public final class ResultWriter {
    public static final String FILE_NAME = "result.json";
    private static final ObjectMapper JSON = mapper();

    private ResultWriter() {
    }

    public static ObjectMapper mapper() {
        return StrictMapper.json();
    }

    /** The file name a result has in its directory: sweep.json, plan.json, cost.json, else result.json. */
    public static String fileName(KbenchResult result) {
        return switch (result.kind()) {
            case SweepResult.KIND -> SweepResult.FILE_NAME;
            case PlanResult.KIND -> "plan.json";
            case CostResult.KIND -> "cost.json";
            default -> FILE_NAME;
        };
    }

    /** Writes {@code result} into {@code dir} under {@link #fileName}; returns the file. */
    public static Path write(KbenchResult result, Path dir) {
        return writeFile(result, dir.resolve(fileName(result)));
    }

    /** {@code result} as written: a copy with every secret redacted ({@link Redactor}). */
    @SuppressWarnings("unchecked")
    public static <T extends KbenchResult> T redacted(T result) {
        try {
            return (T) JSON.treeToValue(Redactor.redactTree(JSON.valueToTree(result)), result.getClass());
        } catch (IOException e) {
            throw new IllegalStateException("a " + result.kind() + " result does not read back: " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code text} to {@code file} atomically (a temporary file in the same directory, then an atomic move), so
     * a reader, or a kbench killed mid-write, never leaves half a file.
     */
    public static Path writeText(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + file.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, text, java.nio.charset.StandardCharsets.UTF_8);
            return Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes {@code result} to exactly {@code file}; returns it. */
    public static Path writeFile(KbenchResult result, Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            JsonNode tree = Redactor.redactTree(JSON.valueToTree(result));
            Path tmp = dir.resolve(file.getFileName() + ".tmp");
            JSON.writeValue(tmp.toFile(), tree);
            return Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RunFailedException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
