package io.kbench.measure;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * The latency histograms of one report interval recorded outside kbench's JVM (a driver process, docs/drivers.md):
 * {@link IntervalReporter} adds them to its own interval before it rolls, so the progress line, the .hlog files, the
 * totals and everything downstream see one merged interval. Counts are not carried here: a contributor adds them to
 * {@link RunMetrics}' counters when they arrive, before it hands the histograms over.
 *
 * @param index     the interval the contributor measured them in, from 0 (interval k ends at start + (k+1) intervals)
 * @param latencies the interval's histograms by metric, of kbench's shape; a metric left out had no values
 */
public record IntervalContribution(int index, Map<LatencyMetric, Histogram> latencies) {
    public IntervalContribution {
        if (index < 0) {
            throw new IllegalArgumentException("index must not be negative: " + index);
        }
        Objects.requireNonNull(latencies, "latencies");
        Map<LatencyMetric, Histogram> copy = new EnumMap<>(LatencyMetric.class);
        copy.putAll(latencies);
        latencies = Collections.unmodifiableMap(copy);
    }

    /** The histogram of {@code metric}, or null when the contributor recorded none. */
    public Histogram latency(LatencyMetric metric) {
        return latencies.get(metric);
    }
}
