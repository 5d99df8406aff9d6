package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/** The order in which a roll restarts the brokers; see docs/upgrades.md. */
public enum RollOrder {
    /**
     * By broker id, the active KRaft controller (describeMetadataQuorum when the roll starts) last: each controller
     * restart then costs a follower of the quorum, and the leader election happens once, at the end, as Kafka's
     * operations guidance has it for rolling restarts.
     */
    @JsonProperty("active-controller-last") ACTIVE_CONTROLLER_LAST,
    /** By broker id, whatever the controller is. */
    @JsonProperty("ids") IDS;

    /** The YAML word, e.g. {@code active-controller-last}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
