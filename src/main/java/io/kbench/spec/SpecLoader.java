package io.kbench.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.InvalidInputException;
import io.kbench.format.JsonPaths;
import io.kbench.format.MappingErrors;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads a workload file, applies {@code --set path=value} overrides and returns the frozen spec. */
public final class SpecLoader {
    /** The bundled quick-start workload, used by {@code kbench run} with no file. */
    public static final String QUICKSTART = "workloads/quickstart.yaml";
    /**
     * How an error names the quick start: the resource name alone is a path that exists in no directory a user has
     * (the file is inside kbench's jar), so it says where the checkout keeps it.
     */
    public static final String QUICKSTART_SOURCE = "built-in quick start (src/main/resources/" + QUICKSTART + ")";

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
        return bind(tree, WorkloadSpec.class, file == null ? QUICKSTART_SOURCE : file.toString());
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
            throw toInputError(e, tree, source);
        } catch (IllegalArgumentException e) {
            // what a constructor threw, when Jackson did not wrap it in one of its own exceptions
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof InvalidInputException known) {
                    throw known;
                }
                if (t instanceof JsonProcessingException j) {
                    throw toInputError(j, tree, source);
                }
            }
            throw new InvalidInputException(source + ": " + e.getMessage(), e);
        }
    }

    private ObjectNode readFile(Path file) {
        try {
            return asObject(yaml.readTree(Files.newInputStream(file)), file.toString());
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("workload file not found: " + file);
        } catch (JsonProcessingException e) {
            throw toInputError(e, null, file.toString());
        } catch (IOException e) {
            throw new InvalidInputException("cannot read workload file " + file + ": " + e.getMessage(), e);
        }
    }

    private ObjectNode readBundled() {
        try (InputStream in = SpecLoader.class.getClassLoader().getResourceAsStream(QUICKSTART)) {
            return asObject(yaml.readTree(in), QUICKSTART_SOURCE);
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

    /**
     * A Jackson failure as one input error: a fault's field error gets the element's path, everything else is
     * {@link MappingErrors}' one line naming the key path, the value and the accepted forms.
     */
    static InvalidInputException toInputError(JsonProcessingException e, JsonNode tree, String source) {
        if (e instanceof JsonMappingException m && elementError(e) != null) {
            return elementError(e).at(JsonPaths.of(m));
        }
        return MappingErrors.translate(e, tree, source);
    }

    private static ElementFieldException elementError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ElementFieldException x) {
                return x;
            }
        }
        return null;
    }
}
