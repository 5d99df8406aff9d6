package io.kbench.unit;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * The one rule for figures kbench prints in the terminal, so that one line never says {@code 10405 ms} beside
 * {@code 10,224 ms} and {@code 426.751 ms} (issue 42). A latency in milliseconds keeps three significant digits up to a
 * second (0.63, 8.58, 18.4, 426.8 ms) and whole, grouped milliseconds beyond (10,405 ms): the summary table's form,
 * which every progress line, warm-up, diagnosis and threshold line shares. Any other figure (a share, a rate, a count)
 * has thousands grouped with commas and fewer decimals as it grows: two below 1 (0.25), one below 10 (2.5), none from
 * 10 up (64, 1,500). Locale-independent: a terminal under de-DE reads the same figures.
 */
public final class FigureText {
    private FigureText() {
    }

    /** A latency of {@code ms} milliseconds with its unit, e.g. {@code 8.58 ms}, {@code 426.8 ms}, {@code 10,405 ms}. */
    public static String millis(double ms) {
        return millisNumber(ms) + " ms";
    }

    /** A latency measured in microseconds, shown in milliseconds by {@link #millis}. */
    public static String fromMicros(double micros) {
        return millis(Units.millis(micros));
    }

    /** {@link #millis} without the unit, for a column or a list that names it once. */
    public static String millisNumber(double ms) {
        double abs = Math.abs(ms);
        if (abs < 10) {
            return String.format(Locale.ROOT, "%.2f", ms);
        }
        if (abs < 1000) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%,.0f", ms);
    }

    /**
     * A figure exact to a thousandth, thousands grouped, trailing zeros dropped ({@code 199.96}, {@code 7,831.551}):
     * for the rare line where the rule's rounding would hide what matters, a near miss of a threshold.
     */
    public static String exact(double v) {
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(v);
    }

    /** Any other figure: {@code 0.25}, {@code 2.5}, {@code 64}, {@code 1,500}. */
    public static String number(double v) {
        double abs = Math.abs(v);
        String pattern = abs >= 10 ? "%,.0f" : abs >= 1 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, v);
    }
}
