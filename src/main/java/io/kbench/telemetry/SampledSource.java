package io.kbench.telemetry;

import io.kbench.result.telemetry.TelemetrySourceKind;

/**
 * One place figures are read from. {@link #open} and {@link #sample} may block (a remote process can freeze), so the
 * sampler calls them on the source's own thread with a time bound; they are never called concurrently.
 */
interface SampledSource {
    /** What the series name as their source: {@code broker-1}, {@code host}, {@code client}. */
    String id();

    TelemetrySourceKind kind();

    /** JMX HOST:PORT, URL or {@code /proc}; never credentials. */
    String address();

    /** Connects, resolves names; throws if the source cannot be read at all. */
    void open() throws Exception;

    /**
     * Reads the source at {@code nowNanos} (System.nanoTime) into {@code out}. The first call after {@link #open}
     * only sets the baseline of the per-interval figures; later ones yield values for the interval since the last.
     */
    void sample(Sample out, long nowNanos) throws Exception;

    /** Releases connections; must not block for long. */
    void close();
}
