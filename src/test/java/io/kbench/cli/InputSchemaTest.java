package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.kbench.experiment.SweepDesign;
import io.kbench.spec.SpecLoader;
import io.kbench.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The input schemas of schema/ (docs/workloads.md, "Editors"): the files are what {@link InputSchemas} generates from
 * the records, every workload and sweep file of the repository that kbench reads is valid by them, and every wrong
 * shape kbench refuses (WrongShapeInputTest's walk over the workload records) is refused by them too.
 */
class InputSchemaTest {
    private static final Path DIR = Path.of("schema");
    private static final ObjectMapper YAML = new YAMLMapper();
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Set to true to rewrite the kept schemas after a record changed: {@code -Dkbench.schema.write=true}. */
    private static final boolean WRITE = Boolean.getBoolean("kbench.schema.write");

    @Test
    void theKeptSchemasAreTheOnesTheRecordsGenerate() throws IOException {
        for (var kept : List.of(new Kept(InputSchemas.WORKLOAD_FILE, InputSchemas.workloadFile()),
                new Kept(InputSchemas.SWEEP_FILE, InputSchemas.sweepFile()))) {
            Path file = DIR.resolve(kept.name());
            String generated = text(kept.schema());
            if (WRITE) {
                Files.writeString(file, generated);
            }
            assertThat(Files.exists(file) ? Files.readString(file) : "")
                    .as(file + " differs from what the records generate: a workload or sweep key changed; rewrite it"
                            + " with ./mvnw -o test -Dtest=InputSchemaTest -Dkbench.schema.write=true")
                    .isEqualTo(generated);
        }
    }

    @Test
    void everyWorkloadAndSweepFileKbenchReadsIsValid() throws IOException {
        JsonSchema workload = schema(InputSchemas.workloadFile());
        JsonSchema sweep = schema(InputSchemas.sweepFile());
        List<String> failures = new ArrayList<>();
        int workloads = 0;
        int sweeps = 0;
        for (Path f : shippedFiles()) {
            JsonNode tree = YAML.readTree(f.toFile());
            boolean isSweep = isSweep(tree);
            try {
                if (isSweep) {
                    SweepDesign.parse(Files.readString(f), f);
                } else {
                    new SpecLoader().load(f, List.of());
                }
            } catch (RuntimeException refused) {
                continue; // a file kbench refuses (a test's bad input) is no case for the schema's acceptance
            }
            Set<ValidationMessage> errors = (isSweep ? sweep : workload).validate(tree);
            if (!errors.isEmpty()) {
                failures.add(f + ": " + errors);
            }
            if (isSweep) {
                sweeps++;
            } else {
                workloads++;
            }
        }
        assertThat(failures).as("files kbench reads that the schemas refuse").isEmpty();
        assertThat(workloads).as("workload files checked").isGreaterThan(40);
        assertThat(sweeps).as("sweep files checked").isGreaterThan(20);
    }

    @Test
    void everyWrongShapeKbenchRefusesTheSchemaRefusesToo() {
        List<WrongShapeInputTest.Case> cases = new ArrayList<>();
        WrongShapeInputTest.walk(WorkloadSpec.class, List.of(), cases);
        JsonSchema workload = schema(InputSchemas.workloadFile());
        List<String> accepted = new ArrayList<>();
        for (WrongShapeInputTest.Case c : cases) {
            ObjectNode root = JSON.objectNode().put("name", "w");
            WrongShapeInputTest.place(root, c.path(), c.value());
            if (workload.validate(root).isEmpty()) {
                accepted.add(c.toString());
            }
        }
        assertThat(cases).hasSizeGreaterThan(200);
        assertThat(accepted).as("wrong shapes the workload schema accepts").isEmpty();
    }

    @Test
    void aMisspeltKeyIsRefusedAtEveryLevel() throws IOException {
        JsonSchema workload = schema(InputSchemas.workloadFile());
        JsonSchema sweep = schema(InputSchemas.sweepFile());
        assertThat(workload.validate(YAML.readTree("{name: w, producers: {count: 1, rate: 5}}"))).isEmpty();
        assertThat(workload.validate(YAML.readTree("{name: w, producers: {count: 1, rat: 5}}")))
                .anySatisfy(m -> assertThat(m.getMessage()).contains("rat"));
        assertThat(workload.validate(YAML.readTree("{name: w, topic: {partitons: 3}}"))).isNotEmpty();
        assertThat(workload.validate(YAML.readTree("{name: w, cluster: {security: {protocl: ssl}}}"))).isNotEmpty();
        assertThat(workload.validate(YAML.readTree("{name: w, faults: [{at: 5s, acton: kill-broker}]}"))).isNotEmpty();
        assertThat(workload.validate(YAML.readTree("{name: w, producers: {recordSize: 1Ki, warmup: auto}}"))).isEmpty();
        assertThat(workload.validate(YAML.readTree("{name: w, producers: {recordSize: 1KB}}"))).isNotEmpty();

        assertThat(sweep.validate(YAML.readTree("{name: s, repeat: auto, budget: 20m, base: {name: w},"
                + " axes: {producers.count: [1, 2]}}"))).isEmpty();
        assertThat(sweep.validate(YAML.readTree("{name: s, axis: {producers.count: [1, 2]}}"))).isNotEmpty();
        assertThat(sweep.validate(YAML.readTree("{name: s, base: {producers: {rat: 5}}, axes: {a: [1]}}")))
                .isNotEmpty();
        assertThat(sweep.validate(YAML.readTree("{name: s, repeat: often, axes: {a: [1]}}"))).isNotEmpty();
    }

    private record Kept(String name, ObjectNode schema) {
    }

    /** Every workload and sweep file the repository ships or its tests read. */
    private static List<Path> shippedFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : List.of(Path.of("scenarios"), Path.of("scenarios/recipes"),
                Path.of("src/main/resources/workloads"), Path.of("src/test/resources/workloads"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** A sweep file has keys a workload does not: its base, axes, points or campaign clusters. */
    private static boolean isSweep(JsonNode tree) {
        return tree.has("axes") || tree.has("points") || tree.has("base") || tree.has("workload")
                || tree.has("clusters");
    }

    private static JsonSchema schema(ObjectNode document) {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(document);
    }

    /** Two-space indent, one value a line, {@code "key": value}, a final newline: the form of schema/'s other files. */
    static String text(JsonNode schema) throws IOException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        printer.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
        printer.indentObjectsWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
        return new ObjectMapper().writer(printer).writeValueAsString(schema) + "\n";
    }
}
