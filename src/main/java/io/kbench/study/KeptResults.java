package io.kbench.study;

import io.kbench.result.KbenchResult;
import io.kbench.result.io.ResultReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The study results kept in the repository (docs/studies/data/NAME.json), read once each. */
public final class KeptResults {
    private final Path root;
    private final Map<String, KbenchResult> read = new HashMap<>();

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
