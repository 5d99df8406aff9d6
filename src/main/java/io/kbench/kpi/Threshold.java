package io.kbench.kpi;

import io.kbench.error.InvalidInputException;
import io.kbench.result.Operator;
import io.kbench.result.ThresholdVerdict;
import io.kbench.result.run.Summary;
import io.kbench.unit.FigureText;
import io.kbench.unit.Units;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail condition on one metric, e.g. {@code e2e.p99<50ms} or {@code produced.mebibytesPerSec>100}.
 * Also the form of an SLA for find-max. Latency limits need a unit (us, ms, s); others are plain numbers.
 *
 * @param metric       the figure compared
 * @param operator     the comparison
 * @param limit        the limit, in the metric's base unit (microseconds for latencies)
 * @param text         the condition as the user wrote it
 */
public record Threshold(Metric metric, Operator operator, double limit, String text) {
    private static final Pattern FORM = Pattern.compile("\\s*([A-Za-z0-9]+\\.[A-Za-z0-9]+)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|ms|s)?\\s*");

    /** Parses {@code text}; a malformed condition or an unknown metric is an input error naming it. */
    public static Threshold parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw InvalidInputException.field("threshold", "'" + text + "'",
                    "must look like e2e.p99<50ms or produced.mebibytesPerSec>100");
        }
        Metric metric = Metric.parse(m.group(1));
        double number = Double.parseDouble(m.group(3));
        String unit = m.group(4);
        if (metric.isLatency() && unit == null) {
            throw InvalidInputException.field("threshold", "'" + text + "'", "a latency limit needs a unit: us, ms or s");
        }
        if (!metric.isLatency() && unit != null) {
            throw InvalidInputException.field("threshold", "'" + text + "'", metric + " is not a latency; give a plain number");
        }
        double micros = unit == null ? number : switch (unit) {
            case "us" -> number;
            case "ms" -> number * 1_000;
            default -> number * 1_000_000;
        };
        return new Threshold(metric, Operator.of(m.group(2)), micros, text.trim());
    }

    /** Evaluates against a run; a metric the run did not measure fails, since nothing shows it held. */
    public ThresholdVerdict evaluate(Summary summary) {
        OptionalDouble actual = metric.valueIn(summary);
        if (actual.isEmpty()) {
            return new ThresholdVerdict(condition(), false, Double.NaN, "not measured in this run");
        }
        double v = actual.getAsDouble();
        boolean pass = operator.holds(v, limit);
        return new ThresholdVerdict(condition(), pass, v, shown(v));
    }

    /**
     * The measured figure by the console's one rule (426.8 ms, 5,000: as the summary table beside the verdict says
     * it), or exact to a thousandth where that rule would round it onto the limit: a near miss (199.96 ms against
     * {@code <200ms}) must not read as the limit itself.
     */
    private String shown(double v) {
        String ruled = ruled(v);
        if (v == limit || !ruled.equals(ruled(limit))) {
            return ruled;
        }
        return metric.isLatency() ? FigureText.exact(Units.millis(v)) + " ms" : FigureText.exact(v);
    }

    private String ruled(double v) {
        return metric.isLatency() ? FigureText.fromMicros(v) : FigureText.number(v);
    }

    /** This threshold as the data written next to its verdict. */
    public ThresholdVerdict.Condition condition() {
        return new ThresholdVerdict.Condition(new ThresholdVerdict.MetricName(metric.group(), metric.field()), operator,
                limit, text);
    }
}
