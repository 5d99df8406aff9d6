package io.kbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kafka-producer-perf-test's --payload-delimiter is a Java regex; kbench's is literal text. A regex that is a literal
 * becomes that text (checked against java.util.regex itself: the regex matches exactly the text), anything else is
 * refused.
 */
class PayloadDelimiterTest {
    /** Regex (as typed after --payload-delimiter) and the text it matches. */
    static Stream<Arguments> literals() {
        return Stream.of(
                Arguments.of("\\n", "\n"),
                Arguments.of(",", ","),
                Arguments.of(";;", ";;"),
                Arguments.of("\\t", "\t"),
                Arguments.of("\\r\\n", "\r\n"),
                Arguments.of("\\|", "|"),
                Arguments.of("\\.", "."),
                Arguments.of("\\\\", "\\"),
                Arguments.of("--", "--"),
                Arguments.of(" END ", " END "));
    }

    @ParameterizedTest
    @MethodSource("literals")
    void aLiteralRegexBecomesTheTextItMatches(String regex, String text) {
        assertThat(PayloadDelimiter.literal(regex)).isEqualTo(text);
        assertThat(Pattern.compile(regex).matcher(text).matches()).as("the stock tool's regex matches the same text").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"|", ".", "a+", "[,;]", "\\s", "\\d", "x{2}", "(a)", "^", "$", "\\"})
    void otherRegexSyntaxIsRefusedWithTheReason(String regex) {
        assertThatThrownBy(() -> PayloadDelimiter.literal(regex)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--payload-delimiter: '" + regex + "'")
                .hasMessageContaining("kafka-producer-perf-test splits on a Java regex");
    }

    @Test
    void anEmptyDelimiterIsRefused() {
        assertThatThrownBy(() -> PayloadDelimiter.literal("")).hasMessageContaining("must not be empty");
    }
}
