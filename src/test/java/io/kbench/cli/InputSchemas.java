package io.kbench.cli;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.experiment.Budget;
import io.kbench.experiment.Repeat;
import io.kbench.experiment.SweepSpec;
import io.kbench.format.ByteSizeDeserializer;
import io.kbench.format.StrictMapper;
import io.kbench.spec.FaultTarget;
import io.kbench.spec.FaultTargetKind;
import io.kbench.spec.RecordSizeSpec;
import io.kbench.spec.ReplicationThrottle;
import io.kbench.spec.WarmupSpec;
import io.kbench.spec.WorkloadSpec;
import io.kbench.unit.ByteSize;
import io.kbench.unit.DurationText;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The JSON Schemas of kbench's input files, generated from the records kbench binds them to, so a key is declared once:
 * in its record. {@code schema/workload-file.schema.json} is {@link WorkloadSpec}, {@code schema/sweep-file.schema.json}
 * is {@link SweepSpec} (its {@code base} a workload). A schema checks keys, shapes and the words of closed sets; values
 * (ranges, combinations) are checked by kbench when it reads the file, and {@code --dry-run} shows them. Each file is
 * self-contained (its own {@code $defs}), so an editor resolves every {@code $ref} without fetching anything.
 * {@link InputSchemaTest} keeps the files in the repository equal to what this class generates.
 */
final class InputSchemas {
    static final String DRAFT = "https://json-schema.org/draft/2020-12/schema";
    static final String ID_PREFIX = "https://kbench.io/schema/";
    static final String WORKLOAD_FILE = "workload-file.schema.json";
    static final String SWEEP_FILE = "sweep-file.schema.json";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper NAMES = StrictMapper.json();
    /** Values a string key takes in YAML as it is written: Jackson reads a number or true as its text. */
    private static final List<String> TEXT = List.of("string", "number", "boolean");

    /**
     * The scalar forms of the records that read one (a {@link JsonCreator} or {@link JsonValue} of their own): the
     * words and patterns their parsers accept, which reflection cannot see. A record with such a parser and no entry
     * here stops the generator, so none falls back to "any string" unnoticed.
     */
    private static final Map<Class<?>, Supplier<ObjectNode>> SCALAR_FORMS = Map.of(
            RecordSizeSpec.class, InputSchemas::byteSize,
            WarmupSpec.class, () -> JSON.objectNode().put("const", "auto"),
            FaultTarget.class, InputSchemas::faultTarget,
            ReplicationThrottle.class, () -> JSON.objectNode().put("type", "string")
                    .put("pattern", "^\\s*[0-9.]+\\s*[A-Za-z]+/s\\s*$").put("description", "a byte rate, e.g. 10MiB/s"),
            Repeat.class, () -> anyOf(JSON.objectNode().put("type", "integer").put("minimum", 1),
                    JSON.objectNode().put("const", "auto")),
            Budget.class, () -> anyOf(JSON.objectNode().put("type", "integer").put("minimum", 1), duration()));

    private final ObjectNode defs = JSON.objectNode();

    private InputSchemas() {
    }

    /** The schema of a workload file ({@code kbench run FILE}, {@code kbench find-max FILE}). */
    static ObjectNode workloadFile() {
        return new InputSchemas().document(WORKLOAD_FILE, "kbench workload file", WorkloadSpec.class,
                "A workload for kbench run and kbench find-max (docs/workloads.md). Generated from "
                        + "io.kbench.spec.WorkloadSpec by InputSchemaTest: regenerate, do not edit. It checks keys, "
                        + "shapes and closed sets of words; kbench checks values when it reads the file "
                        + "(kbench run FILE --dry-run).");
    }

    /** The schema of a sweep file ({@code kbench sweep FILE}). */
    static ObjectNode sweepFile() {
        return new InputSchemas().document(SWEEP_FILE, "kbench sweep file", SweepSpec.class,
                "A sweep for kbench sweep: a base workload and the axes or points to vary (docs/sweeps.md). Generated "
                        + "from io.kbench.experiment.SweepSpec by InputSchemaTest: regenerate, do not edit. It checks "
                        + "keys, shapes and closed sets of words; kbench checks values and every point's workload when it "
                        + "reads the file (kbench sweep FILE --dry-run).");
    }

    private ObjectNode document(String file, String title, Class<?> root, String description) {
        ObjectNode doc = JSON.objectNode();
        doc.put("$schema", DRAFT).put("$id", ID_PREFIX + file).put("title", title).put("description", description);
        doc.put("$ref", "#/$defs/" + defName(root));
        record(root);
        if (defs.has("duration")) {
            defs.set("duration", defs.remove("duration")); // the shared forms after the records, in a fixed place
        }
        doc.set("$defs", defs);
        return doc;
    }

    /** A reference to the record's definition, writing the definition the first time. */
    private ObjectNode record(Class<?> type) {
        String name = defName(type);
        if (!defs.has(name)) {
            defs.putObject(name); // placeholder first: a record may reach itself
            defs.set(name, definition(type));
        }
        return JSON.objectNode().put("$ref", "#/$defs/" + name);
    }

    private ObjectNode definition(Class<?> type) {
        boolean parsesScalar = Arrays.stream(type.getDeclaredMethods()).anyMatch(m -> Modifier.isStatic(m.getModifiers())
                && m.isAnnotationPresent(JsonCreator.class));
        boolean writesScalar = Arrays.stream(type.getMethods()).anyMatch(m -> m.isAnnotationPresent(JsonValue.class));
        Supplier<ObjectNode> scalar = SCALAR_FORMS.get(type);
        if ((parsesScalar || writesScalar) && scalar == null) {
            throw new IllegalStateException(type.getName() + " reads a scalar of its own: add its forms to SCALAR_FORMS");
        }
        ObjectNode object = JSON.objectNode().put("type", "object").put("additionalProperties", false);
        ObjectNode properties = object.putObject("properties");
        for (RecordComponent c : type.getRecordComponents()) {
            // A component may be named apart from its YAML key (RollSpec.finalizeMetadata is finalize: a record cannot
            // have a finalize() accessor); Jackson reads the key from the accessor's @JsonProperty.
            JsonProperty key = c.getAccessor().getAnnotation(JsonProperty.class);
            properties.set(key != null && !key.value().isEmpty() ? key.value() : c.getName(), component(type, c));
        }
        ObjectNode def = writesScalar ? scalar.get() : scalar != null ? anyOf(scalar.get(), object) : object;
        JsonClassDescription description = type.getAnnotation(JsonClassDescription.class);
        if (description != null) {
            def.put("description", description.value());
        }
        return def;
    }

    private ObjectNode component(Class<?> owner, RecordComponent c) {
        JsonDeserialize custom = c.getAnnotation(JsonDeserialize.class);
        if (custom != null && custom.using() == ByteSizeDeserializer.class) {
            return byteSize();
        }
        if (owner == SweepSpec.class && c.getName().equals("base")) {
            return record(WorkloadSpec.class);
        }
        return of(c.getGenericType(), owner.getSimpleName() + "." + c.getName());
    }

    /** The schema of a value of {@code type}; {@code where} names it if the generator does not know the type. */
    private ObjectNode of(Type type, String where) {
        Class<?> raw = raw(type);
        if (List.class.isAssignableFrom(raw)) {
            ObjectNode array = JSON.objectNode().put("type", "array");
            array.set("items", of(argument(type, 0), where + "[]"));
            return array;
        }
        if (Map.class.isAssignableFrom(raw)) {
            ObjectNode map = JSON.objectNode().put("type", "object");
            map.set("additionalProperties", of(argument(type, 1), where + "{}"));
            return map;
        }
        if (raw.isRecord()) {
            return record(raw);
        }
        if (raw.isEnum()) {
            ArrayNode words = JSON.arrayNode();
            for (Object constant : raw.getEnumConstants()) {
                words.add(NAMES.valueToTree(constant).asText());
            }
            ObjectNode e = JSON.objectNode();
            e.set("enum", words);
            return e;
        }
        if (raw == String.class) {
            return types(TEXT);
        }
        if (raw == Integer.class || raw == Long.class || raw == int.class || raw == long.class) {
            return JSON.objectNode().put("type", "integer");
        }
        if (raw == Double.class || raw == double.class) {
            return JSON.objectNode().put("type", "number");
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return JSON.objectNode().put("type", "boolean");
        }
        if (raw == Duration.class) {
            defs.set("duration", duration());
            return JSON.objectNode().put("$ref", "#/$defs/duration");
        }
        if (Path.class.isAssignableFrom(raw)) {
            return JSON.objectNode().put("type", "string");
        }
        if (JsonNode.class.isAssignableFrom(raw)) {
            return JSON.objectNode(); // any YAML value: an axis value, a finding's point settings
        }
        throw new IllegalStateException("no schema known for " + where + " of " + type.getTypeName()
                + "; teach InputSchemas its type");
    }

    private static ObjectNode duration() {
        return JSON.objectNode().put("type", "string").put("pattern", "^\\s*" + DurationText.FORM_REGEX + "\\s*$")
                .put("description", "a duration with its unit: 500ms, 30s, 5m, 2h, 7d");
    }

    private static ObjectNode byteSize() {
        return anyOf(JSON.objectNode().put("type", "integer").put("minimum", 1),
                JSON.objectNode().put("type", "string").put("pattern", ByteSize.SCHEMA_REGEX))
                .put("description", ByteSize.FORMS);
    }

    /** A broker id or one of the words {@link FaultTarget#parse} reads (every kind but a broker's, lowercase). */
    private static ObjectNode faultTarget() {
        String words = Arrays.stream(FaultTargetKind.values()).filter(k -> k != FaultTargetKind.BROKER)
                .map(k -> k.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining("|"));
        return anyOf(JSON.objectNode().put("type", "integer").put("minimum", 0).put("maximum", 9999),
                JSON.objectNode().put("type", "string").put("pattern", "^\\s*([0-9]{1,4}|" + words + ")\\s*$"));
    }

    private static ObjectNode anyOf(ObjectNode... forms) {
        ObjectNode node = JSON.objectNode();
        ArrayNode list = node.putArray("anyOf");
        Arrays.stream(forms).forEach(list::add);
        return node;
    }

    private static ObjectNode types(List<String> names) {
        ObjectNode node = JSON.objectNode();
        ArrayNode list = node.putArray("type");
        names.forEach(list::add);
        return node;
    }

    /** A nested record's definition name: {@code FindingSpec.Ratio} for a record inside another. */
    private static String defName(Class<?> type) {
        return type.getEnclosingClass() == null ? type.getSimpleName()
                : type.getEnclosingClass().getSimpleName() + "." + type.getSimpleName();
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalStateException("no schema known for the type " + type.getTypeName());
    }

    private static Type argument(Type type, int index) {
        if (!(type instanceof ParameterizedType p)) {
            throw new IllegalStateException("a raw " + type.getTypeName() + " has no element type");
        }
        return p.getActualTypeArguments()[index];
    }
}
