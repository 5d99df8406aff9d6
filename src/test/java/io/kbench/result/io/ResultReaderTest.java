package io.kbench.result.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.result.KbenchResult;
import io.kbench.result.Operator;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.cost.CostResult;
import io.kbench.result.findmax.FindMaxOutcome;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.plan.PlanResult;
import io.kbench.result.run.RunResult;
import io.kbench.result.run.RunStatus;
import io.kbench.result.sweep.SweepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

public class ResultReaderTest {
    private static final Path RESOURCES = Path.of("src/test/resources");

    /**
     * Every kbench file kept in the repository: real output of earlier releases (result-schema/, report/run-sample),
     * and test inputs in the written shape. Each must load.
     */
    static Stream<Path> fixtures() {
        return Stream.of(RESOURCES.resolve("result-schema"), RESOURCES.resolve("report"), RESOURCES.resolve("results"),
                RESOURCES.resolve("compare")).flatMap(dir -> {
                    try {
                        return Files.walk(dir).filter(p -> p.toString().endsWith(".json"))
                                .filter(p -> !p.toString().contains("bad-kind")).sorted();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyFixtureLoadsIntoItsRecord(Path file) {
        KbenchResult r = ResultReader.read(file);
        assertThat(r.kind()).isIn("run", "sweep", "find-max", "plan", "cost");
    }

    @Test
    void eachKindReadsIntoItsRecord() {
        assertThat(ResultReader.read(RESOURCES.resolve("result-schema/quickstart-result.json"))).isInstanceOf(RunResult.class);
        assertThat(ResultReader.read(RESOURCES.resolve("report/run-sample"))).isInstanceOf(RunResult.class);
        assertThat(ResultReader.read(RESOURCES.resolve("report/sweep"))).isInstanceOf(SweepResult.class);
        assertThat(ResultReader.read(RESOURCES.resolve("report/find-max"))).isInstanceOf(FindMaxResult.class);
        assertThat(ResultReader.read(RESOURCES.resolve("report/plan.json"))).isInstanceOf(PlanResult.class);
        assertThat(ResultReader.read(RESOURCES.resolve("report/cost.json"))).isInstanceOf(CostResult.class);
    }

    @Test
    void typedFieldsCarryTheValuesOfTheFile() {
        RunResult run = ResultReader.read(RESOURCES.resolve("report/run-sample"), RunResult.class);
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.thresholds()).hasSize(2).first().satisfies(v -> {
            assertThat(v.threshold().operator()).isEqualTo(Operator.LT);
            assertThat(v.threshold().metric()).isEqualTo(new ThresholdVerdict.MetricName("e2e", "p99"));
            assertThat(v.passed()).isFalse();
        });
        SweepResult sweep = ResultReader.read(RESOURCES.resolve("result-schema/s1-compression-sweep.json"), SweepResult.class);
        assertThat(sweep.points()).hasSize(5);
        assertThat(sweep.points().get(0).summary().produced().recordsPerSec().count()).isEqualTo(3);
        FindMaxResult fm = ResultReader.read(RESOURCES.resolve("report/find-max"), FindMaxResult.class);
        assertThat(fm.findMax().outcome()).isEqualTo(FindMaxOutcome.FOUND);
    }

    @Test
    void writeThenReadGivesEqualRecords(@TempDir Path dir) {
        for (String fixture : new String[] {"report/run-sample/result.json", "result-schema/s1-compression-sweep.json",
            "report/sweep/sweep.json", "report/find-max/result.json", "report/plan.json", "report/cost.json"}) {
            KbenchResult original = ResultReader.read(RESOURCES.resolve(fixture));
            Path written = ResultWriter.writeFile(original, dir.resolve(original.kind() + ".json"));
            assertThat(ResultReader.read(written)).as(fixture).usingRecursiveComparison().isEqualTo(original);
        }
    }

    @Test
    void writerPicksTheFileNameOfTheKind(@TempDir Path dir) {
        SweepResult sweep = ResultReader.read(RESOURCES.resolve("report/sweep"), SweepResult.class);
        assertThat(ResultWriter.write(sweep, dir)).isEqualTo(dir.resolve("sweep.json"));
        assertThat(ResultReader.read(dir)).isInstanceOf(SweepResult.class);
    }

    @Test
    void unknownKindIsAnInputErrorNamingFileAndField(@TempDir Path dir) throws IOException {
        Path f = write(dir, "{\"schemaVersion\": 1, \"kind\": \"banana\"}");
        assertThatThrownBy(() -> ResultReader.read(f)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("kind").hasMessageContaining("banana");
    }

    @Test
    void missingFileOrEmptyDirectoryIsAnInputError(@TempDir Path dir) {
        assertThatThrownBy(() -> ResultReader.read(dir.resolve("nope.json"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("nope.json").hasMessageContaining("does not exist");
        assertThatThrownBy(() -> ResultReader.read(dir)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(dir.toString()).hasMessageContaining("neither result.json nor sweep.json");
    }

    @Test
    void garbageIsAnInputErrorOnOneLine(@TempDir Path dir) throws IOException {
        Path f = write(dir, "{\"kind\": \"run\", oops");
        assertThatThrownBy(() -> ResultReader.read(f)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("not valid JSON")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(new InvalidInputException("x").exitCode().code()).isEqualTo(2);
    }

    @Test
    void unknownFieldIsAnErrorNamingItsPath(@TempDir Path dir) throws IOException {
        String sweep = Files.readString(RESOURCES.resolve("result-schema/s1-compression-sweep.json"))
                .replaceFirst("\"latencyMeasuredFrom\"", "\"latencyMeasuredFrum\"");
        Path f = write(dir, sweep);
        assertThatThrownBy(() -> ResultReader.read(f)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("points[0].summary.latencyMeasuredFrum")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void wrongTypeAndBadEnumNameTheField(@TempDir Path dir) throws IOException {
        String run = Files.readString(RESOURCES.resolve("result-schema/quickstart-result.json"));
        Path status = write(dir, run.replaceFirst("\"status\" *: *\"completed\"", "\"status\": \"done\""));
        assertThatThrownBy(() -> ResultReader.read(status)).hasMessageContaining("status").hasMessageContaining("done");
        Path version = write(dir, run.replaceFirst("\"schemaVersion\" *: *1", "\"schemaVersion\": 2"));
        assertThatThrownBy(() -> ResultReader.read(version)).hasMessageContaining("schemaVersion 2");
    }

    @Test
    void askingForAnotherKindNamesBoth() {
        assertThatThrownBy(() -> ResultReader.read(RESOURCES.resolve("report/plan.json"), RunResult.class))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("plan").hasMessageContaining("run");
    }

    private static Path write(Path dir, String text) throws IOException {
        Path f = Files.createTempFile(dir, "r", ".json");
        Files.writeString(f, text);
        return f;
    }
}
