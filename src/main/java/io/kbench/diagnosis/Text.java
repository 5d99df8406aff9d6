package io.kbench.diagnosis;

import java.util.Locale;

/** Numbers as the evidence line writes them: short, with their unit, locale-independent. */
final class Text {
    private Text() {
    }

    static String percent(double v) {
        return number(v) + "%";
    }

    static String ms(double v) {
        return number(v) + " ms";
    }

    static String number(double v) {
        double a = Math.abs(v);
        String pattern = a >= 10 ? "%.0f" : a >= 1 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, v);
    }
}
