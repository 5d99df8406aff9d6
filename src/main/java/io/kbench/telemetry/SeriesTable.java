package io.kbench.telemetry;

import io.kbench.result.run.IntervalPoint;
import io.kbench.result.telemetry.TelemetryMetric;
import io.kbench.result.telemetry.TelemetrySeries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sampled values by series and time, turned into series aligned with the run's intervals: the value sampled at a
 * tick goes to the interval whose {@code endSec} is that tick (both are computed from the same nanoTime).
 */
final class SeriesTable {
    /** Ticks and interval ends are the same double computed the same way; this only absorbs rounding. */
    static final double SAME_TICK_SEC = 1e-6;

    private record Key(TelemetryMetric metric, String source) {
    }

    private final Map<Key, SampleColumn> values = new TreeMap<>(
            Comparator.comparing(Key::metric).thenComparing(Key::source));

    synchronized void put(TelemetryMetric metric, String source, double atSec, double value) {
        values.computeIfAbsent(new Key(metric, source), k -> new SampleColumn()).put(atSec, value);
    }

    /** One series per sampled (metric, source), one value per interval, null where nothing was sampled. */
    synchronized List<TelemetrySeries> aligned(List<IntervalPoint> intervals) {
        List<TelemetrySeries> series = new ArrayList<>();
        for (Map.Entry<Key, SampleColumn> e : values.entrySet()) {
            List<Double> row = new ArrayList<>(intervals.size());
            boolean any = false;
            for (IntervalPoint p : intervals) {
                Double v = e.getValue().near(p.endSec(), SAME_TICK_SEC);
                any |= v != null;
                row.add(v);
            }
            if (any) {
                series.add(new TelemetrySeries(e.getKey().metric(), e.getKey().source(), row));
            }
        }
        return series;
    }
}
