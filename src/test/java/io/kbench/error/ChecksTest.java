package io.kbench.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChecksTest {
    @Test
    void failuresNameTheFieldAndTheValue() {
        assertThatThrownBy(() -> Checks.atLeast("brokers", 0, 1))
                .isInstanceOf(InvalidInputException.class).hasMessage("brokers: must be at least 1 (got 0)");
        assertThatThrownBy(() -> Checks.atLeast("records", -5L, 0L)).hasMessage("records: must be at least 0 (got -5)");
        assertThatThrownBy(() -> Checks.between("topic.partitions", 0, 1, 100_000))
                .hasMessage("topic.partitions: must be between 1 and 100000 (got 0)");
        assertThatThrownBy(() -> Checks.positive("rate", 0.0))
                .hasMessage("rate: must be a finite number greater than zero (got 0.0)");
        assertThatThrownBy(() -> Checks.positive("rate", Double.NaN)).hasMessageContaining("(got NaN)");
        assertThatThrownBy(() -> Checks.positive("idleTimeout", Duration.ZERO))
                .hasMessage("idleTimeout: must be a positive duration (got 0s)");
        assertThatThrownBy(() -> Checks.notBlank("group", " ")).hasMessage("group: must not be empty (got ' ')");
        assertThatThrownBy(() -> Checks.notBlank("group", null)).hasMessage("group: must not be empty (got nothing)");
    }

    @Test
    void validValuesPassThrough() {
        assertThat(Checks.atLeast("n", 3, 1)).isEqualTo(3);
        assertThat(Checks.between("n", 5, 1, 9)).isEqualTo(5);
        assertThat(Checks.positive("r", 0.5)).isEqualTo(0.5);
        assertThat(Checks.positive("d", Duration.ofMillis(1))).isEqualTo(Duration.ofMillis(1));
        assertThat(Checks.notBlank("s", "x")).isEqualTo("x");
    }
}
