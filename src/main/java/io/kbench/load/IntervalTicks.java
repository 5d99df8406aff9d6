package io.kbench.load;

import io.kbench.result.run.IntervalPhase;
import io.kbench.result.telemetry.LimitingResource;

/**
 * Observes the run's interval clock: when the run started and when each report interval closed, as the System.nanoTime
 * the interval reporter used, so a sampler can put its values on exactly the run's time axis. Called on the reporter
 * thread: must return at once.
 */
public interface IntervalTicks {
    IntervalTicks NONE = new IntervalTicks() {
        @Override
        public void started(long startNanos) {
        }

        @Override
        public void ticked(long nowNanos) {
        }
    };

    /** The run's time axis starts at {@code startNanos} (interval ends are seconds since then). */
    void started(long startNanos);

    /** An interval closed at {@code nowNanos}. */
    void ticked(long nowNanos);

    /**
     * What the diagnosis's rules name as the limiting resource on the samples so far, for the progress line of an
     * interval of {@code linePhase}; null when nothing is sampled (then the line has no limit field). Asked once per
     * interval, on the reporter thread: must return at once.
     */
    default LimitingResource currentLimit(IntervalPhase linePhase) {
        return null;
    }
}
