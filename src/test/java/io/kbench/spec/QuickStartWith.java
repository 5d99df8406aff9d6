package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.List;

/** The built-in quick start with {@code --set}s laid over it, as the spec tests load and refuse workloads. */
final class QuickStartWith {
    private QuickStartWith() {
    }

    /** The quick start with {@code sets} ({@code path=value}) applied. */
    static WorkloadSpec load(String... sets) {
        return new SpecLoader().load(null, List.of(sets));
    }

    /** Asserts that {@code sets} are refused with a one-line input error containing {@code expected}. */
    static void rejects(String expected, String... sets) {
        assertThatThrownBy(() -> load(sets)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
