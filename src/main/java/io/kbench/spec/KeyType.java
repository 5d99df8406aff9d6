package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How producers choose record keys. */
public enum KeyType {
    @JsonProperty("none") NONE,
    @JsonProperty("random") RANDOM,
    @JsonProperty("round-robin") ROUND_ROBIN
}
