package io.kbench.experiment;

import io.kbench.result.findmax.ProbeOutcome;
/** Runs the workload once at a fixed offered rate and judges it; injected into {@link RateSearch}. */
@FunctionalInterface
public interface RateProbe {
    /** Probes at {@code rateRecordsPerSec} (records/s over all producers). */
    ProbeOutcome probe(double rateRecordsPerSec);

    /**
     * The search turned in a way the probes alone do not show (its start rate failed and it goes down), in one line
     * for people; find-max prints it between the probes, a fake cluster in a test ignores it.
     */
    default void turned(String line) {
    }
}
