package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How producers choose record keys. */
public enum KeyType {
    @JsonProperty("none") NONE,
    @JsonProperty("random") RANDOM,
    @JsonProperty("round-robin") ROUND_ROBIN,
    /** Skewed: key k (1-based rank) is drawn with probability proportional to 1/k^exponent. */
    @JsonProperty("zipf") ZIPF
}
