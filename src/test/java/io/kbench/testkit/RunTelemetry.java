package io.kbench.testkit;

import io.kbench.result.run.IntervalPoint;
import io.kbench.result.run.RunResult;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.List;

/** Reading a run's telemetry in the integration tests. */
public final class RunTelemetry {
    private RunTelemetry() {
    }

    /**
     * A per-second series summed over the run: each interval's value times the interval's length (from
     * {@code intervals[].endSec}), so a rate becomes the amount. Fails when the run has no such series.
     */
    public static double integral(RunResult result, TelemetryMetric metric, String source) {
        List<TelemetrySeries> series = result.telemetry() == null ? List.of() : result.telemetry().series();
        for (TelemetrySeries s : series) {
            if (s.metric() == metric && s.source().equals(source)) {
                double sum = 0;
                double previousEnd = 0;
                List<IntervalPoint> intervals = result.intervals() == null ? List.of() : result.intervals();
                for (int i = 0; i < s.values().size() && i < intervals.size(); i++) {
                    double end = intervals.get(i).endSec();
                    Double v = s.values().get(i);
                    sum += v == null ? 0 : v * (end - previousEnd);
                    previousEnd = end;
                }
                return sum;
            }
        }
        throw new AssertionError("no series " + metric + "/" + source + " in " + series);
    }

    public static List<TelemetryEvent> events(RunResult result, TelemetryEventType type) {
        return result.telemetry() == null ? List.of()
                : result.telemetry().events().stream().filter(e -> e.type() == type).toList();
    }
}
