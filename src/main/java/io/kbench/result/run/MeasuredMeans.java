package io.kbench.result.run;

import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.List;

/** A telemetry metric of a run over its measured window: what compare and a sweep's preconditions read. */
public final class MeasuredMeans {
    private MeasuredMeans() {
    }

    /**
     * Each source's mean of {@code metric} over the measured intervals it was sampled in (a gap is never a zero); empty
     * when the run has no telemetry or no source sampled it.
     */
    public static List<Double> of(RunResult run, TelemetryMetric metric) {
        List<Double> means = new ArrayList<>();
        if (run.telemetry() == null || run.intervals() == null) {
            return means;
        }
        List<IntervalPoint> intervals = run.intervals();
        for (TelemetrySeries s : run.telemetry().series()) {
            if (s.metric() != metric) {
                continue;
            }
            double sum = 0;
            int n = 0;
            for (int i = 0; i < Math.min(intervals.size(), s.values().size()); i++) {
                Double v = s.values().get(i);
                if (intervals.get(i).phase() == IntervalPhase.MEASURED && v != null && Double.isFinite(v)) {
                    sum += v;
                    n++;
                }
            }
            if (n > 0) {
                means.add(sum / n);
            }
        }
        return means;
    }
}
