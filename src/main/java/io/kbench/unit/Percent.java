package io.kbench.unit;

import java.util.Locale;

/** Fractions written as percentages, the way kbench prints them in flags and tables: 0.05 -> "5%". */
public final class Percent {
    private Percent() {
    }

    /** {@code fraction} x 100 with at most two decimals and no trailing zeros, then '%'. */
    public static String ofFraction(double fraction) {
        String text = String.format(Locale.ROOT, "%.2f", fraction * 100);
        return text.replaceAll("\\.?0+$", "") + "%";
    }
}
