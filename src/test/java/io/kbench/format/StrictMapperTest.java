package io.kbench.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StrictMapperTest {
    record Sample(Integer count, String name, Duration every) {
    }

    private final ObjectMapper yaml = StrictMapper.yaml();

    @Test
    void readsWellFormedInput() throws Exception {
        assertThat(yaml.readValue("count: 3\nname: a\nevery: 30s\n", Sample.class))
                .isEqualTo(new Sample(3, "a", Duration.ofSeconds(30)));
    }

    @Test
    void rejectsWhatWouldHideTypos() {
        assertThatThrownBy(() -> yaml.readValue("count: 3\ncount: 4\n", Sample.class))
                .isInstanceOf(JsonProcessingException.class).hasMessageContaining("Duplicate field 'count'");
        assertThatThrownBy(() -> yaml.readValue("count: 3\n---\ncount: 4\n", Sample.class))
                .isInstanceOf(JsonProcessingException.class).hasMessageContaining("Trailing token");
        assertThatThrownBy(() -> yaml.readValue("cuont: 3\n", Sample.class)).hasMessageContaining("cuont");
        assertThatThrownBy(() -> yaml.readValue("count: \"3\"\n", Sample.class)).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> yaml.readValue("count: 3.5\n", Sample.class)).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> yaml.readValue("every: 30\n", Sample.class)).hasMessageContaining("needs a unit");
    }

    @Test
    void jsonRejectsDuplicatesAndTrailingContent() {
        ObjectMapper json = StrictMapper.json();
        assertThatThrownBy(() -> json.readTree("{\"a\": 1, \"a\": 2}")).hasMessageContaining("Duplicate field 'a'");
        assertThatThrownBy(() -> json.readValue("{\"count\": 1} {}", Sample.class)).hasMessageContaining("Trailing token");
    }

    @Test
    void tolerantJsonSkipsNewerFieldsOnly() throws Exception {
        ObjectMapper json = StrictMapper.tolerantJson();
        assertThat(json.readValue("{\"count\": 1, \"addedLater\": true}", Sample.class).count()).isEqualTo(1);
        assertThatThrownBy(() -> json.readTree("{\"a\": 1, \"a\": 2}")).hasMessageContaining("Duplicate field 'a'");
    }

    @Test
    void writesDurationsAsUsersTypeThemAndLeavesOutNulls() throws Exception {
        assertThat(StrictMapper.json().writeValueAsString(new Sample(1, null, Duration.ofMillis(1500))))
                .doesNotContain("name").contains("\"every\" : \"1500ms\"");
    }
}
