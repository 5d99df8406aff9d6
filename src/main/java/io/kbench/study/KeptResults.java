package io.kbench.study;

import io.kbench.result.KbenchResult;
import io.kbench.result.findmax.FindMaxResult;
import io.kbench.result.io.ResultReader;
import io.kbench.result.run.RunResult;
import io.kbench.result.sweep.SweepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** The study results kept in the repository (docs/studies/data/NAME.json), read once each. */
public final class KeptResults {
    private final Path root;
    private final Map<String, KbenchResult> read = new HashMap<>();
    private Map<String, StudyCommand> commands;

    /** {@code root}: the repository root. */
    public KeptResults(Path root) {
        this.root = root;
    }

    /** The repository root. */
    public Path root() {
        return root;
    }

    /** The kept file of {@code name}. */
    public Path file(String name) {
        return root.resolve("docs/studies/data").resolve(name + ".json");
    }

    /** Whether {@code name} has a kept result. */
    public boolean has(String name) {
        return Files.isRegularFile(file(name));
    }

    /** The command bench/studies.txt measures {@code name} with today; null when the list names no such study. */
    public StudyCommand command(String name) {
        if (commands == null) {
            commands = StudyCommand.readAll(root);
        }
        return commands.get(name);
    }

    /** When the kept result {@code name} started measuring (its startTime); null when it records none. */
    public Instant startTime(String name) {
        KbenchResult r = get(name, KbenchResult.class);
        return r instanceof SweepResult s ? s.startTime() : r instanceof FindMaxResult f ? f.startTime()
                : r instanceof RunResult run ? run.startTime() : null;
    }

    /** The kept result {@code name} as {@code type}; an input error when it is another kind. */
    public <T extends KbenchResult> T get(String name, Class<T> type) {
        KbenchResult r = read.computeIfAbsent(name, n -> ResultReader.read(file(n)));
        if (!type.isInstance(r)) {
            throw new io.kbench.error.InvalidInputException(file(name) + ": is a " + r.getClass().getSimpleName()
                    + ", the finding needs a " + type.getSimpleName());
        }
        return type.cast(r);
    }
}
