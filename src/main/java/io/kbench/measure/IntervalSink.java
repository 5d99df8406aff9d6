package io.kbench.measure;

import io.kbench.result.run.IntervalPoint;

/**
 * Receives each interval as it closes, with the run's metrics whose {@link LatencySeries#lastInterval()} hold that
 * interval's histograms: a distributed worker streams them to its coordinator. Called on the reporter thread once per
 * interval, never per record; the histograms are reused after it returns, so it must encode them before.
 */
@FunctionalInterface
public interface IntervalSink {
    IntervalSink NONE = (point, counts, metrics) -> {
    };

    void interval(IntervalPoint point, IntervalCounts counts, RunMetrics metrics);
}
