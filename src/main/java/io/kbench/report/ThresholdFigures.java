package io.kbench.report;

import io.kbench.kpi.Metric;
import io.kbench.result.ThresholdVerdict;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * A threshold's measured value and limit as its CI outputs show them, each with the metric's unit. Exact to three
 * decimals (a microsecond for latencies) rather than the report's three significant digits: a near miss such as
 * 99.96 against {@code >100} must not read as 100 against 100.
 */
final class ThresholdFigures {
    private ThresholdFigures() {
    }

    /** {@code 1.234 ms}, {@code 5,000 records}; {@code not measured in this run} when the run has no such figure. */
    static String measured(ThresholdVerdict v) {
        if (Double.isNaN(v.actual())) {
            return v.shown();
        }
        return shown(metric(v.threshold()), v.actual());
    }

    /** {@code measured 2.5 ms, limit < 1 ms}, or {@code not measured in this run, limit < 1 ms}. */
    static String sentence(ThresholdVerdict v) {
        return (Double.isNaN(v.actual()) ? v.shown() : "measured " + measured(v)) + ", limit " + limit(v.threshold());
    }

    /** {@code < 1 ms}, {@code >= 100 MiB/s}. */
    static String limit(ThresholdVerdict.Condition c) {
        return c.operator().symbol() + " " + shown(metric(c), c.limit());
    }

    private static Metric metric(ThresholdVerdict.Condition c) {
        return new Metric(c.metric().group(), c.metric().field());
    }

    /** {@code value} in the metric's base unit (microseconds for latencies), shown in its unit. */
    private static String shown(Metric m, double value) {
        DecimalFormat f = new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        return f.format(m.isLatency() ? value / 1000 : value) + " " + m.unit();
    }
}
