package io.kbench.diagnosis;

import io.kbench.result.Figure;
import io.kbench.result.telemetry.TelemetryMetric;

/** The figures rules cite, with the formula that made them. */
final class Figures {
    private Figures() {
    }

    /** A source's mean of a metric over the measured intervals. */
    static Figure mean(TelemetryMetric metric, RunEvidence.SourceMean m, String how) {
        return new Figure(metric.json() + "." + m.source(), metric.description() + " (" + m.source() + ")", m.mean(),
                metric.unit(), "mean of " + metric.json() + " of " + m.source()
                        + " over the measured intervals in which it was sampled" + (how.isEmpty() ? "" : "; " + how));
    }

    static Figure of(String key, String label, double value, String unit, String formula) {
        return new Figure(key, label, value, unit, formula);
    }
}
