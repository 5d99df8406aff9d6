package io.kbench.experiment;

import io.kbench.result.findmax.ProbeOutcome;
/** Runs the workload once at a fixed offered rate and judges it; injected into {@link RateSearch}. */
@FunctionalInterface
public interface RateProbe {
    /** Probes at {@code rateRecordsPerSec} (records/s over all producers). */
    ProbeOutcome probe(double rateRecordsPerSec);
}
