package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which latency the per-partition histograms hold: one histogram per partition keeps memory bounded. */
public enum PartitionLatency {
    /** Live consumers: send -> receive, what an application feels. */
    @JsonProperty("endToEnd") END_TO_END,
    /** No live consumers: send -> acknowledgement. */
    @JsonProperty("publish") PUBLISH
}
