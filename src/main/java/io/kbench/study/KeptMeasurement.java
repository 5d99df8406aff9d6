package io.kbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * How a kept result was measured (docs/studies/data/measured/NAME.json, written by bench/studies.sh beside the kept
 * result): the exact command, the kbench commit it ran, and the scenario it resolved to, with that scenario's hash.
 *
 * @param name         the kept result (docs/studies/data/NAME.json)
 * @param command      the command line as it ran, from the repository root
 * @param kbenchCommit the commit kbench was built from ({@code -dirty}: with uncommitted changes); null when not known
 * @param measured     when the measurement started (the kept result's startTime)
 * @param recorded     how this record was made: at the measurement, or later from files shown unchanged since
 * @param scenarioHash {@link ScenarioResolution#hash} of {@code scenario}
 * @param scenario     the resolved scenario ({@link ScenarioResolution#resolve}) when measured
 */
public record KeptMeasurement(String name, String command, String kbenchCommit, Instant measured, String recorded,
                              String scenarioHash, JsonNode scenario) {
    /** The records' directory, relative to the repository root. */
    public static final String DIR = "docs/studies/data/measured";
    private static final ObjectMapper JSON = StrictMapper.json();

    public KeptMeasurement {
        Checks.notBlank("name", name);
        Checks.notBlank("command", command);
        Objects.requireNonNull(measured, "measured");
        Checks.notBlank("recorded", recorded);
        Objects.requireNonNull(scenario, "scenario");
        if (!ScenarioResolution.hash(scenario).equals(scenarioHash)) {
            throw InvalidInputException.field("scenarioHash", scenarioHash,
                    "is not the hash of the recorded scenario (" + ScenarioResolution.hash(scenario) + ")");
        }
    }

    /** The record of {@code name} under {@code root}. */
    public static Path file(Path root, String name) {
        return root.resolve(DIR).resolve(name + ".json");
    }

    /**
     * The record of kept result {@code name}: the scenario its command in bench/studies.txt resolves to now, and the
     * kept result's start as when it was measured.
     *
     * @param commit      kbench's commit; null when not known
     * @param commandLine the command as it ran
     * @param recorded    how the record is made
     */
    public static KeptMeasurement of(KeptResults kept, String name, String commit, String commandLine, String recorded) {
        if (!kept.has(name)) {
            throw InvalidInputException.field("name", name, "has no kept result " + kept.file(name));
        }
        StudyCommand command = kept.command(name);
        if (command == null) {
            throw InvalidInputException.field("name", name, "is not a study in " + StudyCommand.FILE);
        }
        JsonNode scenario = ScenarioResolution.resolve(kept.root(), command);
        return new KeptMeasurement(name, commandLine, commit, kept.startTime(name), recorded,
                ScenarioResolution.hash(scenario), scenario);
    }

    /** The record of {@code name} under {@code root}; null when there is none. */
    public static KeptMeasurement read(Path root, String name) {
        Path file = file(root, name);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return JSON.readValue(file.toFile(), KeptMeasurement.class);
        } catch (IOException e) {
            throw new InvalidInputException(file + ": " + e.getMessage().lines().findFirst().orElse("unreadable"), e);
        }
    }

    /** Writes this record to its file under {@code root}; returns the file. */
    public Path write(Path root) {
        Path file = file(root, name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, JSON.writeValueAsString(this) + "\n");
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
