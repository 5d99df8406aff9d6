package io.kbench.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The value an input error echoes: bounded, on one line, and never a secret. */
class MappingErrorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void smallValuesAreShownAsWritten() throws Exception {
        assertThat(MappingErrors.Values.show(json("{\"a\": 1, \"b\": [\"x\", 2]}"))).isEqualTo("{a: 1, b: ['x', 2]}");
    }

    @Test
    void secretsUnderTheirKeysAreNotRepeated() throws Exception {
        String shown = MappingErrors.Values.show(json(
                "{\"sasl.jaas.config\": \"pw=hunter2\", \"ssl.keystore.password\": \"hunter2\", \"keyFile\": \"/k\", \"acks\": \"all\"}"));
        assertThat(shown).doesNotContain("hunter2").doesNotContain("/k").contains("acks: 'all'").contains("<redacted>");
    }

    @Test
    void longOrMultiLineValuesStayOneBoundedLine() throws Exception {
        String shown = MappingErrors.Values.show(json("\"" + "x".repeat(500) + "\\nsecond line\""));
        assertThat(shown).doesNotContain("\n").hasSize(MappingErrors.Values.MAX_CHARS + 3).endsWith("...");
    }
}
