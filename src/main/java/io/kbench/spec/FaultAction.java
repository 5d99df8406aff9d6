package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a scheduled fault does; see docs/faults.md. */
public enum FaultAction {
    /** SIGKILL the broker; with a duration it is restarted (same data dir, same ports) after it. */
    @JsonProperty("kill") KILL,
    /** Clean shutdown (SIGTERM); with a duration it is restarted after it. */
    @JsonProperty("terminate") TERMINATE,
    /** SIGSTOP the broker, SIGCONT after the duration (or when the run ends). */
    @JsonProperty("pause") PAUSE,
    /** Start a killed or terminated broker again, same data dir and ports. */
    @JsonProperty("restart") RESTART,
    /** Run a user command with {broker} replaced by the target's id (the only action for an external cluster). */
    @JsonProperty("exec") EXEC;

    /** Whether a duration ends this fault (restart or resume). */
    public boolean takesDuration() {
        return this == KILL || this == TERMINATE || this == PAUSE;
    }

    /** Whether the action stops a broker, so that a later restart may target it. */
    public boolean stopsBroker() {
        return this == KILL || this == TERMINATE;
    }
}
