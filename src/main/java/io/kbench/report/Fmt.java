package io.kbench.report;

import io.kbench.unit.Units;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * The report's one number format for tables and figures, the same rule as {@code kbenchNumber} in
 * report/number-format.js for charts and tooltips: thousands grouped with commas, about three significant digits (no
 * decimals from 100 up, one from 10, two from 1, three significant digits below 1), trailing zeros dropped, so
 * 20000.0, 46824 and 51932.33 read 20,000, 46,824 and 51,932. Latencies are shown in ms from microseconds.
 */
final class Fmt {
    private Fmt() {
    }

    /** A number by the one rule; "-" when absent. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        // The shortest decimal that reads back as v (1.005, not 1.00499999...), rounded half up: what the browser's
        // Intl.NumberFormat does with the same double in number-format.js (ReportBrowserIT compares them).
        BigDecimal rounded = BigDecimal.valueOf(v).setScale(decimals(Math.abs(v)), RoundingMode.HALF_UP);
        if (rounded.signum() == 0) {
            return "0";
        }
        DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setMaximumFractionDigits(Math.max(0, rounded.scale()));
        f.setRoundingMode(RoundingMode.HALF_UP);
        return f.format(rounded);
    }

    /** Decimals shown for a magnitude: kept in step with decimals() in report/number-format.js. */
    static int decimals(double abs) {
        if (abs >= 100 || abs == 0) {
            return 0;
        }
        if (abs >= 10) {
            return 1;
        }
        if (abs >= 1) {
            return 2;
        }
        return Math.min(6, 2 - (int) Math.floor(Math.log10(abs)));
    }

    /** A signed number (+0.42, -3.1) by the one rule. */
    static String signed(double v) {
        return v > 0 ? "+" + number(v) : number(v);
    }

    static String rate(double v) {
        return number(v);
    }

    static String mib(double v) {
        return number(v);
    }

    static String count(double v) {
        return number(v);
    }

    /** Microseconds shown as milliseconds by the one rule. */
    static String millis(double micros) {
        return Double.isNaN(micros) ? "-" : number(Units.millis(micros));
    }

    /** A percentage by the one rule; "-" when absent. */
    static String percent(Double v) {
        return v == null || Double.isNaN(v) ? "-" : number(v) + "%";
    }

    static double ms(double micros) {
        return Math.round(micros) / 1000.0;
    }
}
