package io.kbench.diagnosis;

import io.kbench.unit.FigureText;

/**
 * Numbers as the evidence line writes them: the console's one rule ({@link FigureText}), so the diagnosis says a
 * latency as the summary table beside it does (2.37 ms, not 2.4 ms; 10,405 ms, not 10405 ms).
 */
final class Text {
    private Text() {
    }

    static String percent(double v) {
        return number(v) + "%";
    }

    static String ms(double v) {
        return FigureText.millis(v);
    }

    static String number(double v) {
        return FigureText.number(v);
    }
}
