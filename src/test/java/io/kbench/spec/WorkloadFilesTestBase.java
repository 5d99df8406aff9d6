package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.io.TempDir;

/** Workload files written to each test's temp dir and loaded as kbench loads them; shared by the loader's tests. */
abstract class WorkloadFilesTestBase {
    @TempDir
    Path dir;

    Path file(String yaml) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "workload", ".yaml"), yaml);
    }

    WorkloadSpec load(String yaml, String... sets) throws IOException {
        return new SpecLoader().load(file(yaml), List.of(sets));
    }

    static WorkloadSpec quickstart(String... sets) {
        return new SpecLoader().load(null, List.of(sets));
    }

    AbstractThrowableAssert<?, ? extends Throwable> rejects(String yaml, String... sets) {
        return assertThatThrownBy(() -> load(yaml, sets)).isInstanceOf(InvalidInputException.class);
    }
}
