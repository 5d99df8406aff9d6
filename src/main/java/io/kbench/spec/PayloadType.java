package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where record values come from. */
public enum PayloadType {
    /** Uniform random bytes: incompressible. */
    @JsonProperty("random") RANDOM,
    /**
     * Random uppercase ASCII letters A to Z, what kafka-producer-perf-test --record-size sends
     * ({@code (byte) (random.nextInt(26) + 65)} per byte in its ProducerPerformance): about 4.7 bits of entropy a byte, so
     * a compression codec shrinks them where it cannot shrink random bytes.
     */
    @JsonProperty("letters") LETTERS,
    /** Seeded text-like bytes whose compressibility is tunable, so codec comparisons mean something. */
    @JsonProperty("synthetic") SYNTHETIC,
    /** Sample payloads read from a file, split on a delimiter. */
    @JsonProperty("file") FILE,
    /**
     * The decimal text of the record's number in its producer's sends (0, 1, 2, ...), kafka-producer-perf-test's
     * --payload-monotonic. Too short for kbench's stamp, so such records carry no send time: no end-to-end latency.
     */
    @JsonProperty("monotonic") MONOTONIC
}
