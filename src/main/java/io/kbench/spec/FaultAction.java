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
    @JsonProperty("isolate") ISOLATE,
    /** Cluster: start one more broker (the next node id), joining the running KRaft quorum as a broker only. */
    @JsonProperty("add-broker") ADD_BROKER,
    /** Cluster: move the topic's replicas (a given plan, or spread over every running broker), optionally throttled. */
    @JsonProperty("reassign") REASSIGN,
    /** Cluster: move every replica off the target broker, then stop it and unregister it from the controller. */
    @JsonProperty("remove-broker") REMOVE_BROKER,
    /**
     * Cluster: restart every embedded broker one at a time (controlled shutdown, start, back in sync before the next),
     * optionally with changed broker settings: a rolling restart or a rolling configuration change.
     */
    @JsonProperty("roll") ROLL;

    /** Whether a duration ends this fault (restart, resume, or the network healed). */
    public boolean takesDuration() {
        return this == KILL || this == TERMINATE || this == PAUSE || isNetwork();
    }

    /** Whether the fault acts on kbench's TCP proxies in front of the brokers rather than on a process. */
    public boolean isNetwork() {
        return this == DELAY || this == DROP || this == ISOLATE;
    }

    /** Whether the action changes which brokers hold which replicas (add-broker, reassign, remove-broker). */
    public boolean isMembership() {
        return this == ADD_BROKER || this == REASSIGN || this == REMOVE_BROKER;
    }

    /** Whether the action moves replicas and so may be throttled. */
    public boolean movesReplicas() {
        return this == REASSIGN || this == REMOVE_BROKER;
    }

    /**
     * Whether the action hits one broker named by a target (add-broker makes its own, reassign moves a topic, roll
     * restarts them all).
     */
    public boolean takesTarget() {
        return this != ADD_BROKER && this != REASSIGN && this != ROLL;
    }

    /** The YAML word, e.g. {@code add-broker}. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** Whether the action stops a broker, so that a later restart may target it. */
    public boolean stopsBroker() {
        return this == KILL || this == TERMINATE;
    }
}
