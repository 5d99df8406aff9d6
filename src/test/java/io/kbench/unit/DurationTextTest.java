package io.kbench.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @Test
    void parsesEveryUnit() {
        assertThat(DurationText.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationText.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(DurationText.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(DurationText.parse("2h")).isEqualTo(Duration.ofHours(2));
        assertThat(DurationText.parse("7d")).isEqualTo(Duration.ofDays(7));
        assertThat(DurationText.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(DurationText.parse(" 10 s ")).isEqualTo(Duration.ofSeconds(10));
        assertThat(DurationText.parse("0s")).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "30", "s", "30sec", "-5s", "5 minutes", "1e3ms", "PT30S"})
    void rejectsOtherForms(String text) {
        assertThatThrownBy(() -> DurationText.parse(text))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a duration")
                .hasMessageContaining("30s");
    }

    @Test
    void formatsTheShortestExactForm() {
        assertThat(DurationText.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(DurationText.format(Duration.ofSeconds(30))).isEqualTo("30s");
        assertThat(DurationText.format(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(DurationText.format(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(DurationText.format(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(DurationText.format(Duration.ofDays(7))).isEqualTo("7d");
        assertThat(DurationText.format(Duration.ZERO)).isEqualTo("0s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"500ms", "30s", "5m", "2h", "7d", "1500ms", "90s"})
    void roundTrips(String text) {
        assertThat(DurationText.format(DurationText.parse(text))).isEqualTo(text);
    }
}
