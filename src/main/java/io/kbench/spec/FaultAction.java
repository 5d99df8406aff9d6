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
    @JsonProperty("exec") EXEC,
    /** Network: delay the broker's traffic through kbench's proxy by {@code delay} (+- {@code jitter}). */
    @JsonProperty("delay") DELAY,
    /** Network: close the broker's proxied connections, and every new one, for the duration. */
    @JsonProperty("drop") DROP,
    /** Network: hold (blackhole) the broker's proxied traffic for the duration; connections stay open. */
    @JsonProperty("isolate") ISOLATE;

    /** Whether a duration ends this fault (restart, resume, or the network healed). */
    public boolean takesDuration() {
        return this == KILL || this == TERMINATE || this == PAUSE || isNetwork();
    }

    /** Whether the fault acts on kbench's TCP proxies in front of the brokers rather than on a process. */
    public boolean isNetwork() {
        return this == DELAY || this == DROP || this == ISOLATE;
    }

    /** Whether the action stops a broker, so that a later restart may target it. */
    public boolean stopsBroker() {
        return this == KILL || this == TERMINATE;
    }
}
