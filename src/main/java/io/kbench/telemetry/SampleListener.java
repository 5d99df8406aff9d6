package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetryMetric;

/**
 * Observes each value as it is sampled (e.g. to serve it on /metrics). Called on the sampler thread, once per source,
 * metric and interval; must be quick and must not throw.
 */
@FunctionalInterface
public interface SampleListener {
    void sampled(TelemetryMetric metric, String sourceId, double value);
}
