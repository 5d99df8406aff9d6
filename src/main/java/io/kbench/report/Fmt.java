package io.kbench.report;

import io.kbench.unit.Units;
import java.util.Locale;

/** Number formatting for the report: grouped thousands, latencies in ms from microseconds. */
final class Fmt {
    private Fmt() {
    }

    static String rate(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.1f", v);
    }

    static String mib(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.2f", v);
    }

    static String count(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
    }

    /** Microseconds shown as milliseconds with about three significant digits. */
    static String millis(double micros) {
        if (Double.isNaN(micros)) {
            return "-";
        }
        double ms = Units.millis(micros);
        if (ms >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", ms);
        }
        if (ms >= 100) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        if (ms >= 10) {
            return String.format(Locale.ROOT, "%.2f", ms);
        }
        return String.format(Locale.ROOT, "%.3f", ms);
    }

    /** A percentage with one decimal; "-" when absent. */
    static String percent(Double v) {
        return v == null || Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    static double ms(double micros) {
        return Math.round(micros) / 1000.0;
    }

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%,.2f", v);
    }
}
