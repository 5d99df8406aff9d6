package io.kbench.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kept result goes stale when anything of the scenario it measured differs today: the scenario file's settings, the
 * workload file a sweep names, or the options bench/studies.txt passes; words, findings and repetition counts do not.
 * The fixture is the real kept sweep s1-codecs-fixed-rate with its real scenario, in a copy of the repository layout.
 */
class KeptStalenessTest {
    private static final String NAME = "s1-codecs-fixed-rate";
    private static final String SCENARIO = "scenarios/s1-codecs-default-batch.yaml";
    private static final String LINE = NAME + "|s1-compression.md|sweep " + SCENARIO + " --set producers.rate=6000\n";

    @TempDir
    Path root;

    @BeforeEach
    void measured() throws IOException {
        Files.createDirectories(root.resolve("scenarios"));
        Files.copy(Path.of(SCENARIO), root.resolve(SCENARIO));
        Files.createDirectories(root.resolve("docs/studies/data"));
        Files.copy(Path.of("docs/studies/data/" + NAME + ".json"), root.resolve("docs/studies/data/" + NAME + ".json"));
        list(LINE);
        KeptMeasurement.of(new KeptResults(root), NAME, "abc123", "./kbench sweep " + SCENARIO, "in the test").write(root);
    }

    private void list(String text) throws IOException {
        Files.createDirectories(root.resolve("bench"));
        Files.writeString(root.resolve(StudyCommand.FILE), "# name|page|args\n" + text);
    }

    private String stale() {
        return KeptShape.stale(root, SCENARIO, NAME, new KeptResults(root));
    }

    private void edit(String from, String to) throws IOException {
        Path file = root.resolve(SCENARIO);
        String text = Files.readString(file);
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to));
    }

    @Test
    void anUnchangedScenarioIsJudged() {
        assertThat(stale()).isNull();
        KeptMeasurement record = KeptMeasurement.read(root, NAME);
        assertThat(record.kbenchCommit()).isEqualTo("abc123");
        assertThat(record.measured()).isEqualTo(new KeptResults(root).startTime(NAME));
        assertThat(record.scenario().at("/options/--set").asText()).isEqualTo("producers.rate=6000");
    }

    @Test
    void aChangedSettingMakesItStaleNamingThePath() throws IOException {
        edit("    count: 2\n", "    count: 3\n");
        assertThat(stale()).startsWith("scenario changed since measured (sweep " + SCENARIO + " --set producers.rate=6000): ")
                .contains("scenario.base.producers.count: 2 when measured, 3 today")
                .contains("re-run bench/studies.sh " + NAME);
    }

    @Test
    void anAddedAxisValueAndAnAddedKeyAreNamed() throws IOException {
        edit("[none, gzip, snappy, lz4, zstd]", "[none, gzip, snappy, lz4, zstd, none]");
        assertThat(stale()).contains("scenario.axes.producers.properties.compression.type[5]: absent when measured, none today");
        edit("warmupPoint: true\n", "warmupPoint: true\nseed: 7\n");
        assertThat(stale()).contains("scenario.axes.producers.properties.compression.type[5]");
    }

    @Test
    void aChangedOptionOfTheCommandMakesItStale() throws IOException {
        list(LINE.replace("6000", "7000"));
        assertThat(stale()).contains("options.--set: producers.rate=6000 when measured, producers.rate=7000 today");
        list(LINE.replace(" --set producers.rate=6000", " --set producers.rate=6000 --broker-heap 256m"));
        assertThat(stale()).contains("options.--broker-heap: absent when measured, 256m today");
    }

    @Test
    void wordsFindingsAndRepetitionCountsLeaveItJudged() throws IOException {
        edit("name: s1-codecs-default-batch\n", "# a new comment\nname: s1-codecs-default-batch\ndescription: new words\n");
        Path file = root.resolve(SCENARIO);
        Files.writeString(file, Files.readString(file).replaceAll("(?m)^(repeat|budget):.*\n", "") + "repeat: 7\nbudget: 30\n");
        edit("    metric: e2e.p99\n", "    metric: publish.p99\n");
        list(LINE.replace("\n", " --repetitions auto --budget 40\n"));
        assertThat(stale()).isNull();
    }

    @Test
    void aKeptResultWithoutARecordOrWithoutACommandIsStale() throws IOException {
        Files.delete(KeptMeasurement.file(root, NAME));
        assertThat(stale()).contains("records no scenario it was measured on").contains("re-run bench/studies.sh " + NAME);
        list("");
        assertThat(stale()).contains("has no command in bench/studies.txt");
    }

    @Test
    void aSweepNamingItsWorkloadFileMeasuresTheFilesContent() throws IOException {
        Files.writeString(root.resolve("scenarios/base.yaml"), "name: b\nproducers: {count: 1, records: 100}\n");
        Files.writeString(root.resolve("scenarios/by-file.yaml"), "name: by-file\nworkload: base.yaml\nrepeat: 2\n"
                + "points:\n  - {producers.properties.acks: 1}\n");
        StudyCommand command = new StudyCommand("x", "p.md", java.util.List.of("sweep", "scenarios/by-file.yaml"));
        var before = ScenarioResolution.resolve(root, command);
        assertThat(before.at("/scenario/workload/producers/records").asInt()).isEqualTo(100);
        Files.writeString(root.resolve("scenarios/base.yaml"), "name: b\nproducers: {count: 1, records: 200}\n");
        var after = ScenarioResolution.resolve(root, command);
        assertThat(ScenarioResolution.hash(after)).isNotEqualTo(ScenarioResolution.hash(before));
        assertThat(ScenarioResolution.firstDifference(before, after))
                .isEqualTo("scenario.workload.producers.records: 100 when measured, 200 today");
    }

    @Test
    void aRecordWhoseHashIsNotItsScenariosIsRefused() {
        KeptMeasurement r = KeptMeasurement.read(root, NAME);
        assertThatThrownBy(() -> new KeptMeasurement(r.name(), r.command(), null, r.measured(), r.recorded(), "00", r.scenario()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("scenarioHash");
        assertThatThrownBy(() -> new StudyCommand("x", "p.md", java.util.List.of("bench", "scenarios/x.yaml")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("needs sweep, find-max or run");
    }
}
