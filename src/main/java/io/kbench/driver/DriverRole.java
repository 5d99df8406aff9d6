package io.kbench.driver;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which side of a workload one driver process serves (the slice's {@code role}): one process per side. */
public enum DriverRole {
    @JsonProperty("producers") PRODUCERS,
    @JsonProperty("consumers") CONSUMERS;

    /** As the slice and the workload spell it: {@code producers}. */
    public String text() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
