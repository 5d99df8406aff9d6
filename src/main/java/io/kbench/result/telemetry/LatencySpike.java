package io.kbench.result.telemetry;

import java.util.List;

/**
 * One of the worst latency intervals and what coincided with it.
 *
 * @param endSec    end of the interval, seconds since the run started
 * @param p99Micros the interval's p99 (end-to-end when consumed, else publish), microseconds
 * @param events    events within one interval of it
 * @param movers    the series that moved most with latency over the run, ranked
 */
public record LatencySpike(double endSec, double p99Micros, List<TelemetryEvent> events, List<SeriesMove> movers) {
}
