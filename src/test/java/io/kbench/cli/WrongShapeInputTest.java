package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every workload field, found by walking the spec records (so a new field is covered without touching this test), is
 * given values of the wrong shape (a mapping where a value goes, a list where a mapping goes, text where a number
 * goes), once in a workload file and once with {@code --set}. Each must fail with exit 2 and exactly one
 * {@code kbench: error:} line that names the field and shows no Java: no class name, no exception, no stack trace.
 */
class WrongShapeInputTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern JAVA = Pattern.compile("io\\.kbench|java\\.|javax\\.|com\\.fasterxml|Exception|Creator"
            + "|\\bat [a-z]+\\.|`");
    private static final YAMLMapper YAML = new YAMLMapper();

    /** One wrong value for one field: where it goes (a YAML path, [0] for a list element) and what it is. */
    record Case(List<String> path, JsonNode value) {
        /** The path as kbench names it in errors: {@code faults[0].at}. */
        String name() {
            return String.join(".", path).replace(".[0]", "[0]");
        }

        @Override
        public String toString() {
            return name() + " = " + flow(value);
        }
    }

    private static List<Case> cases;

    private final CommandLine cli = Main.newCommandLine();

    @TempDir
    Path dir;

    @BeforeAll
    static void walkTheSpec() {
        cases = new ArrayList<>();
        walk(WorkloadSpec.class, List.of(), cases);
    }

    @Test
    void theWalkReachesNestedRecordsListsAndMaps() {
        List<String> names = cases.stream().map(Case::name).distinct().toList();
        assertThat(names).contains("name", "producers.count", "producers.recordSize", "producers.recordSize.min",
                "producers.properties", "producers.transactions.duration", "consumers.changes[0].at",
                "consumers.share.acknowledgement", "cluster.limits.memory", "cluster.security.protocol",
                "faults[0].target", "faults[0].delay", "producers.payloadEncryption.keyFile", "verify");
        assertThat(cases).hasSizeGreaterThan(200);
    }

    @Test
    void everyWrongShapeInAWorkloadFileIsOneLineNamingTheField() throws IOException {
        List<String> failures = new ArrayList<>();
        int i = 0;
        for (Case c : cases) {
            ObjectNode root = JSON.objectNode().put("name", "w");
            place(root, c.path(), c.value());
            Path file = Files.writeString(dir.resolve("w" + i++ + ".yaml"), YAML.writeValueAsString(root));
            check(c, kbench("run", file.toString(), "--dry-run", "--results-dir", dir.resolve("r").toString()),
                    failures);
        }
        assertThat(failures).as("wrong shapes in a workload file that did not give one clean line").isEmpty();
    }

    @Test
    void everyWrongShapeWithSetIsOneLineNamingTheField() {
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            check(c, kbench("run", "--set", setText(c), "--dry-run", "--results-dir", dir.resolve("r").toString()),
                    failures);
        }
        assertThat(failures).as("wrong shapes given with --set that did not give one clean line").isEmpty();
    }

    /**
     * As {@link CliRun#of}, on one command line for all cases: picocli resets every option before each parse, and
     * building the whole command tree for each of the several hundred cases would take most of this test's time.
     */
    private CliRun kbench(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        return new CliRun(code, out.toString(), err.toString(), Duration.ZERO);
    }

    private static void check(Case c, CliRun run, List<String> failures) {
        List<String> lines = run.stderr().lines().filter(l -> !l.isBlank()).toList();
        boolean ok = run.exitCode() == 2 && lines.size() == 1 && lines.get(0).startsWith("kbench: error: ")
                && lines.get(0).contains(c.name()) && lines.get(0).contains("(got ") && !JAVA.matcher(run.stderr()).find() && run.stdout().isBlank();
        if (!ok) {
            failures.add(c + " -> exit " + run.exitCode() + ": " + run.stderr().strip() + run.stdout().strip());
        }
    }

    /** {@code --set} cannot index into a list, so a list element's field is set by giving the whole list. */
    private static String setText(Case c) {
        int list = c.path().indexOf("[0]");
        if (list < 0) {
            return String.join(".", c.path()) + "=" + flow(c.value());
        }
        ArrayNode whole = JSON.arrayNode();
        place(whole.addObject(), c.path().subList(list + 1, c.path().size()), c.value());
        return String.join(".", c.path().subList(0, list)) + "=" + flow(whole);
    }

    static void place(ObjectNode root, List<String> path, JsonNode value) {
        ObjectNode node = root;
        for (int i = 0; i < path.size() - 1; i++) {
            if (path.get(i + 1).equals("[0]")) {
                ObjectNode element = node.putArray(path.get(i)).addObject();
                place(element, path.subList(i + 2, path.size()), value);
                return;
            }
            node = node.has(path.get(i)) ? (ObjectNode) node.get(path.get(i)) : node.putObject(path.get(i));
        }
        node.set(path.get(path.size() - 1), value);
    }

    /** Wrong shapes for each field, then the fields of a nested record or list element. */
    static void walk(Class<?> record, List<String> prefix, List<Case> out) {
        for (RecordComponent component : record.getRecordComponents()) {
            List<String> path = new ArrayList<>(prefix);
            // The YAML key: a component may be named apart from it (RollSpec.finalizeMetadata is finalize).
            JsonProperty key = component.getAccessor().getAnnotation(JsonProperty.class);
            path.add(key != null && !key.value().isEmpty() ? key.value() : component.getName());
            field(component.getType(), component.getGenericType(), path, out);
        }
    }

    private static void field(Class<?> type, Type generic, List<String> path, List<Case> out) {
        if (List.class.isAssignableFrom(type)) {
            wrong(path, out, text("lots"), mapping());
            Class<?> element = typeArgument(generic, 0);
            List<String> elementPath = new ArrayList<>(path);
            elementPath.add("[0]");
            if (element.isRecord()) {
                walk(element, elementPath, out);
            }
            return;
        }
        if (Map.class.isAssignableFrom(type)) {
            wrong(path, out, text("lots"), list());
            List<String> entry = new ArrayList<>(path);
            entry.add("some.key");
            if (List.class.isAssignableFrom(typeArgument(generic, 1))) {
                wrong(entry, out, mapping()); // a list is the right shape of such a value (a reassign plan's replicas)
            } else {
                wrong(entry, out, mapping(), list());
            }
            return;
        }
        if (type.isRecord()) {
            wrong(path, out, text("lots"), list());
            if (Arrays.stream(type.getMethods()).noneMatch(m -> m.isAnnotationPresent(JsonValue.class))) {
                walk(type, path, out); // a record written as one scalar (a fault target) has no fields in YAML
            }
            return;
        }
        if (type == Integer.class || type == Long.class || type == Double.class || type == int.class
                || type == long.class || type == double.class) {
            wrong(path, out, mapping(), list(), text("lots"));
        } else if (type == Boolean.class || type == boolean.class) {
            wrong(path, out, mapping(), list(), text("often"));
        } else if (type == Duration.class) {
            wrong(path, out, mapping(), list(), JSON.numberNode(5), text("soon"));
        } else if (type.isEnum()) {
            wrong(path, out, mapping(), list(), text("bogus"));
        } else if (type == String.class || Path.class.isAssignableFrom(type)) {
            wrong(path, out, mapping(), list());
        } else {
            throw new AssertionError("no wrong shapes known for " + String.join(".", path) + " of " + type
                    + "; teach this test its type");
        }
    }

    private static void wrong(List<String> path, List<Case> out, JsonNode... values) {
        for (JsonNode v : values) {
            out.add(new Case(List.copyOf(path), v));
        }
    }

    private static Class<?> typeArgument(Type generic, int index) {
        Type arg = ((ParameterizedType) generic).getActualTypeArguments()[index];
        return arg instanceof Class<?> c ? c : (Class<?>) ((ParameterizedType) arg).getRawType();
    }

    private static JsonNode text(String s) {
        return JSON.textNode(s);
    }

    private static JsonNode mapping() {
        return JSON.objectNode().put("a", 1);
    }

    private static JsonNode list() {
        return JSON.arrayNode().add(1).add(2);
    }

    /** YAML flow style, as a user types a value after {@code --set path=}. */
    private static String flow(JsonNode node) {
        if (node.isObject()) {
            StringBuilder out = new StringBuilder("{");
            node.fields().forEachRemaining(f -> out.append(out.length() > 1 ? ", " : "").append(f.getKey()).append(": ")
                    .append(flow(f.getValue())));
            return out.append('}').toString();
        }
        if (node.isArray()) {
            StringBuilder out = new StringBuilder("[");
            node.forEach(n -> out.append(out.length() > 1 ? ", " : "").append(flow(n)));
            return out.append(']').toString();
        }
        return node.asText();
    }
}
