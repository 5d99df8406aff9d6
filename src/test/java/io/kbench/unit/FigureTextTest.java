package io.kbench.unit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The console's one rule for figures (issue 42: 10405 ms beside 10,224 ms and 426.751 ms in one run's output). */
class FigureTextTest {
    @Test
    void aLatencyKeepsThreeSignificantDigitsUpToASecondAndWholeGroupedMillisecondsBeyond() {
        assertThat(FigureText.millis(0.634)).isEqualTo("0.63 ms");
        assertThat(FigureText.millis(8.58)).isEqualTo("8.58 ms");
        assertThat(FigureText.millis(18.44)).isEqualTo("18.4 ms");
        assertThat(FigureText.millis(426.751)).isEqualTo("426.8 ms");
        assertThat(FigureText.millis(10_405.2)).isEqualTo("10,405 ms");
        assertThat(FigureText.fromMicros(10_224_000)).isEqualTo("10,224 ms");
        assertThat(FigureText.millisNumber(2.1)).isEqualTo("2.10");
    }

    @Test
    void anyOtherFigureIsGroupedWithFewerDecimalsAsItGrows() {
        assertThat(FigureText.number(0.25)).isEqualTo("0.25");
        assertThat(FigureText.number(2.46)).isEqualTo("2.5");
        assertThat(FigureText.number(63.8)).isEqualTo("64");
        assertThat(FigureText.number(1500)).isEqualTo("1,500");
        assertThat(FigureText.exact(7831.5512)).isEqualTo("7,831.551");
        assertThat(FigureText.exact(40)).isEqualTo("40");
    }

    @Test
    void theDefaultLocaleChangesNothing() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(FigureText.millis(10_405.2)).isEqualTo("10,405 ms");
            assertThat(FigureText.millis(8.58)).isEqualTo("8.58 ms");
        } finally {
            Locale.setDefault(before);
        }
    }
}
