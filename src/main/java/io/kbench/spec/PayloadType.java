package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where record values come from. */
public enum PayloadType {
    /** Uniform random bytes: incompressible, like kafka-producer-perf-test's payloads. */
    @JsonProperty("random") RANDOM,
    /** Seeded text-like bytes whose compressibility is tunable, so codec comparisons mean something. */
    @JsonProperty("synthetic") SYNTHETIC,
    /** Sample payloads read from a file, split on a delimiter. */
    @JsonProperty("file") FILE
}
