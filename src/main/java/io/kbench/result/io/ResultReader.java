package io.kbench.result.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.InvalidInputException;
import io.kbench.format.JsonPaths;
import io.kbench.format.StrictMapper;
import io.kbench.result.KbenchResult;
import io.kbench.result.cost.CostResult;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.plan.PlanResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one place that reads kbench's own output files into typed records: a run or find-max result.json, a
 * sweep.json, and the {@code --json} files of {@code kbench plan} and {@code kbench cost}. Strict: an unknown or
 * mistyped field is an input error (exit 2) naming the file and the field, so a renamed field cannot silently read
 * as absent.
 */
public final class ResultReader {
    private static final ObjectMapper JSON = StrictMapper.json();

    private ResultReader() {
    }

    /** Reads {@code fileOrDir} (a file, or a directory holding sweep.json or result.json) into its record. */
    public static KbenchResult read(Path fileOrDir) {
        return read(fileOrDir, KbenchResult.class);
    }

    /**
     * Reads {@code fileOrDir} and requires it to be of {@code type}; another kind is an input error naming both,
     * reported before any other problem of the file.
     */
    public static <T extends KbenchResult> T read(Path fileOrDir, Class<T> type) {
        Path file = locate(fileOrDir);
        JsonNode tree = tree(file);
        Class<? extends KbenchResult> actual = typeOf(file, tree);
        if (!type.isAssignableFrom(actual)) {
            throw InvalidInputException.field(file + ": kind", kindOf(actual), "expected a " + kindOf(type) + " result");
        }
        try {
            return type.cast(JSON.treeToValue(tree, actual));
        } catch (JsonProcessingException e) {
            throw invalid(file, e);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(file + ": " + oneLine(e.getMessage()), e);
        }
    }

    /** {@code DIR/sweep.json}, else {@code DIR/result.json}, else the file itself; a missing one is an input error. */
    public static Path locate(Path fileOrDir) {
        if (Files.isDirectory(fileOrDir)) {
            for (String name : new String[] {SweepResult.FILE_NAME, ResultWriter.FILE_NAME}) {
                Path f = fileOrDir.resolve(name);
                if (Files.isRegularFile(f)) {
                    return f;
                }
            }
            throw InvalidInputException.field(fileOrDir.toString(), "directory", "holds neither result.json nor sweep.json");
        }
        if (!Files.isRegularFile(fileOrDir)) {
            throw new InvalidInputException(fileOrDir + ": does not exist");
        }
        return fileOrDir;
    }

    private static JsonNode tree(Path file) {
        try {
            JsonNode tree = JSON.readTree(file.toFile());
            if (tree == null || !tree.isObject()) {
                throw InvalidInputException.field(file.toString(), tree == null ? "empty file" : tree.getNodeType(),
                        "is not a JSON object");
            }
            return tree;
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file + ": not valid JSON: " + oneLine(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": cannot read: " + oneLine(e.getMessage()), e);
        }
    }

    /**
     * run, sweep and find-max files name their kind. Plan and cost files never did (their shape predates kinds), so
     * they are recognised by the field only they have.
     */
    private static Class<? extends KbenchResult> typeOf(Path file, JsonNode tree) {
        JsonNode kind = tree.get("kind");
        if (kind == null) {
            if (tree.has("bindingConstraint")) {
                return PlanResult.class;
            }
            if (tree.has("rows") && tree.has("currency")) {
                return CostResult.class;
            }
            throw new InvalidInputException(file + ": kind: missing; not a kbench result, sweep, find-max, plan or cost file");
        }
        return switch (kind.asText()) {
            case RunResult.KIND -> RunResult.class;
            case SweepResult.KIND -> SweepResult.class;
            case FindMaxResult.KIND -> FindMaxResult.class;
            default -> throw InvalidInputException.field(file + ": kind", kind,
                    "expected kind run, sweep or find-max");
        };
    }

    private static String kindOf(Class<?> type) {
        return type == RunResult.class ? RunResult.KIND : type == SweepResult.class ? SweepResult.KIND
                : type == FindMaxResult.class ? FindMaxResult.KIND : type == PlanResult.class ? PlanResult.KIND : CostResult.KIND;
    }

    private static InvalidInputException invalid(Path file, JsonProcessingException e) {
        String field = e instanceof JsonMappingException m ? JsonPaths.of(m) : "";
        Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : null;
        String problem = cause != null ? cause.getMessage() : e.getOriginalMessage();
        return new InvalidInputException(file + ": " + (field.isEmpty() ? "" : field + ": ") + oneLine(problem), e);
    }


    private static String oneLine(String text) {
        if (text == null) {
            return "invalid";
        }
        String first = text.lines().findFirst().orElse(text).trim();
        // Jackson appends the class it was building, or a feature to switch off, in parentheses: noise for a user.
        for (String noise : new String[] {" (class io.kbench", " (set DeserializationConfig", " (for Object starting at"}) {
            int at = first.indexOf(noise);
            first = at > 0 ? first.substring(0, at) : first;
        }
        return first;
    }
}
