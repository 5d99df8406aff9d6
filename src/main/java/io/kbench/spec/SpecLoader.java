package io.kbench.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.JsonPaths;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Reads a workload file, applies {@code --set path=value} overrides and returns the frozen spec. */
public final class SpecLoader {
    /** The bundled quick-start workload, used by {@code kbench run} with no file. */
    public static final String QUICKSTART = "workloads/quickstart.yaml";

    private final ObjectMapper yaml = StrictMapper.yaml();

    /** Loads {@code file} (or the bundled quick-start when null) with overrides applied in order. */
    public WorkloadSpec load(Path file, List<String> overrides) {
        return load(file, overrides, List.of());
    }

    /** As {@link #load(Path, List)}, with {@code faults} ({@code --fault} texts) appended to the file's faults. */
    public WorkloadSpec load(Path file, List<String> overrides, List<String> faults) {
        ObjectNode tree = file == null ? readBundled() : readFile(file);
        for (String override : overrides) {
            SetOverride.parse(override, yaml).applyTo(tree);
        }
        if (!faults.isEmpty()) {
            ArrayNode list = tree.has("faults") && tree.get("faults").isArray() ? (ArrayNode) tree.get("faults")
                    : tree.putArray("faults");
            faults.forEach(f -> list.add(FaultText.parse(f)));
        }
        return bind(tree, WorkloadSpec.class, file == null ? QUICKSTART : file.toString());
    }

    /** Applies {@code overrides} to a copy of {@code base} and binds it; sweeps build each point this way. */
    public WorkloadSpec load(ObjectNode base, List<SetOverride> overrides, String source) {
        ObjectNode tree = base.deepCopy();
        overrides.forEach(o -> o.applyTo(tree));
        return bind(tree, WorkloadSpec.class, source);
    }

    /** A spec record as the tree it was bound from, so that overrides can be applied to it and it bound again. */
    public ObjectNode toTree(Object spec) {
        return yaml.valueToTree(spec);
    }

    /** Reads a workload file as a tree without binding it. */
    public ObjectNode readTree(Path file) {
        return readFile(file);
    }

    /** Binds a YAML tree to a spec record, turning Jackson's errors into one-line input errors. */
    public <T> T bind(JsonNode tree, Class<T> type, String source) {
        try {
            return yaml.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw toInputError(e, source);
        } catch (IllegalArgumentException e) {
            throw findInputError(e).orElseThrow(() -> new InvalidInputException(source + ": " + e.getMessage(), e));
        }
    }

    private ObjectNode readFile(Path file) {
        try {
            return asObject(yaml.readTree(Files.newInputStream(file)), file.toString());
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("workload file not found: " + file);
        } catch (JsonProcessingException e) {
            throw toInputError(e, file.toString());
        } catch (IOException e) {
            throw new InvalidInputException("cannot read workload file " + file + ": " + e.getMessage(), e);
        }
    }

    private ObjectNode readBundled() {
        try (InputStream in = SpecLoader.class.getClassLoader().getResourceAsStream(QUICKSTART)) {
            return asObject(yaml.readTree(in), QUICKSTART);
        } catch (IOException e) {
            throw new IllegalStateException("bundled " + QUICKSTART + " is unreadable", e);
        }
    }

    private static ObjectNode asObject(JsonNode node, String source) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (!node.isObject()) {
            throw new InvalidInputException(source + ": a workload file must be a YAML mapping of keys (got a " + node.getNodeType().name().toLowerCase() + ")");
        }
        return (ObjectNode) node;
    }

    static InvalidInputException toInputError(JsonProcessingException e, String source) {
        if (e instanceof JsonMappingException m && elementError(e) != null) {
            return elementError(e).at(JsonPaths.of(m));
        }
        if (e instanceof ValueInstantiationException && findInputError(e).isPresent()) {
            return findInputError(e).get();
        }
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : u.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().collect(Collectors.joining(", "));
            return new InvalidInputException(source + ": unknown key '" + JsonPaths.of(u) + "' (known keys here: " + known + ")");
        }
        if (e instanceof InvalidFormatException f) {
            return new InvalidInputException(source + ": " + JsonPaths.of(f) + ": invalid value '" + f.getValue() + "'"
                    + expected(f.getTargetType()));
        }
        if (e instanceof MismatchedInputException m && m.getPath() != null && !m.getPath().isEmpty()) {
            return new InvalidInputException(source + ": " + JsonPaths.of(m) + ": wrong type" + expected(m.getTargetType())
                    + " (" + given(m.getOriginalMessage()) + ")");
        }
        if (e.getLocation() != null) {
            return new InvalidInputException(source + ": malformed YAML at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ": " + firstLine(e.getOriginalMessage()));
        }
        return new InvalidInputException(source + ": " + firstLine(e.getOriginalMessage()));
    }

    /** Jackson's "Cannot coerce String value ("abc") to `java.lang.Long` value (but ...)" says: got abc. */
    private static String given(String message) {
        Matcher m = Pattern.compile("^Cannot coerce .*? value \\(\"(.*?)\"\\)").matcher(
                firstLine(message));
        return m.find() ? "got " + m.group(1) : firstLine(message);
    }

    private static String expected(Class<?> target) {
        if (target == null) {
            return "";
        }
        if (target.isEnum()) {
            return ", expected one of " + Arrays.stream(target.getEnumConstants())
                    .map(c -> c.toString().toLowerCase().replace('_', '-')).collect(Collectors.joining(", "));
        }
        return ", expected " + switch (target.getSimpleName()) {
            case "Integer", "int", "Long", "long" -> "a whole number";
            case "Double", "double" -> "a number";
            case "Boolean", "boolean" -> "true or false";
            case "Duration" -> "a duration such as 30s";
            case "Map" -> "a mapping of keys to values";
            default -> "a " + target.getSimpleName();
        };
    }

    private static ElementFieldException elementError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ElementFieldException x) {
                return x;
            }
        }
        return null;
    }

    private static Optional<InvalidInputException> findInputError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InvalidInputException i) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }


    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
