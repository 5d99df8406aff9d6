package io.kbench.result.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.BeanSerializer;
import com.fasterxml.jackson.databind.ser.PropertyWriter;
import io.kbench.error.InvalidInputException;
import io.kbench.result.io.ResultReader;
import io.kbench.result.io.ResultWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run result groups its optional parts in {@link RunSections}, yet result.json stays flat and byte for byte what it
 * was: the same top-level names in the same order, and reading stays strict.
 */
public class RunResultJsonTest {
    /** The top-level order result.json has always had (the order of the 23 fields before the sections), then stages, drift, clients and loadCpu. */
    private static final List<String> ORDER = List.of("schemaVersion", "kind", "name", "status", "failure", "tags",
            "startTime", "endTime", "environment", "cluster", "workload", "clientProperties", "summary", "intervals",
            "thresholds", "telemetry", "integrity", "faults", "breakdown", "share", "rebalances", "merge", "distributed",
            "storage", "schedule", "anatomy", "warmup", "backlog", "stages", "drift", "clients", "loadCpu");

    static Stream<Path> everyRunFixture() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources"))) {
            return files.filter(p -> p.getFileName().toString().equals("result.json"))
                    .filter(p -> !p.toString().contains("bad-") && ResultReader.read(p) instanceof RunResult).sorted().toList().stream();
        }
    }

    @Test
    void theWriterPutsTheSectionsAtTheTopLevelInTheOldOrder() throws Exception {
        ObjectMapper json = ResultWriter.mapper();
        JsonSerializer<Object> serializer = json.getSerializerProviderInstance().findValueSerializer(RunResult.class);
        List<String> names = new ArrayList<>();
        ((BeanSerializer) serializer).properties().forEachRemaining((PropertyWriter p) -> names.add(p.getName()));
        assertThat(names).containsExactlyElementsOf(ORDER);
    }

    /**
     * The fixtures' values are compared as trees by LegacyResultsTest; this adds the order of the top-level names,
     * the one thing grouping the sections could change.
     */
    @ParameterizedTest
    @MethodSource("everyRunFixture")
    void everyRunFixtureIsWrittenBackWithItsTopLevelNamesInOrder(Path file, @TempDir Path dir) throws IOException {
        ObjectMapper plain = new ObjectMapper();
        Path written = ResultWriter.writeFile(ResultReader.read(file), dir.resolve("result.json"));
        List<String> expected = new ArrayList<>();
        plain.readTree(file.toFile()).fieldNames().forEachRemaining(expected::add);
        List<String> actual = new ArrayList<>();
        plain.readTree(written.toFile()).fieldNames().forEachRemaining(actual::add);
        assertThat(actual).as(file.toString()).containsExactlyElementsOf(expected);
        assertThat(ORDER).containsSubsequence(actual);
    }

    @Test
    void aSectionReadFromTheTopLevelLandsInTheSections() {
        RunResult run = ResultReader.read(Path.of("src/test/resources/report/run-telemetry/result.json"),
                RunResult.class);
        assertThat(run.sections().telemetry()).isNotNull().isSameAs(run.telemetry());
        assertThat(run.toBuilder().telemetry(null).build().telemetry()).isNull();
        assertThat(run.toBuilder().telemetry(null).build().summary()).isSameAs(run.summary());
    }

    /** Jackson starts from the builder's bare constructor: what {@link RunResult#builder()} fills in, a file must say. */
    @Test
    void aFileWithoutSchemaVersionStillFails(@TempDir Path dir) throws IOException {
        ObjectMapper plain = new ObjectMapper();
        ObjectNode tree = (ObjectNode) plain.readTree(
                Path.of("src/test/resources/report/run-sample/result.json").toFile());
        tree.remove("schemaVersion");
        Path file = dir.resolve("result.json");
        plain.writeValue(file.toFile(), tree);
        assertThatThrownBy(() -> ResultReader.read(file, RunResult.class)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("schemaVersion 0 is not supported");
    }

    @Test
    void anUnknownTopLevelKeyStillFails(@TempDir Path dir) throws IOException {
        ObjectMapper plain = new ObjectMapper();
        ObjectNode tree = (ObjectNode) plain.readTree(
                Path.of("src/test/resources/report/run-sample/result.json").toFile());
        tree.put("sections", "x");
        Path file = dir.resolve("result.json");
        plain.writeValue(file.toFile(), tree);
        assertThatThrownBy(() -> ResultReader.read(file, RunResult.class)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("Unrecognized field \"sections\"");
    }
}
