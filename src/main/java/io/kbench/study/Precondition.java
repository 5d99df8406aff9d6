package io.kbench.study;

/** A condition a finding's effect needs, measured in the runs (docs/sweeps.md, "Preconditions"). */
public enum Precondition {
    /** The compared brokers are not held at their CPU quota. */
    NOT_THROTTLED,
    /** Some compared point writes more than the brokers' page cache holds. */
    PAGE_CACHE_EXCEEDED,
    /** The producer's own send delay is a small share of the latency judged. */
    QUEUE_SHARE_BELOW,
    /** The compared points lie within the claim's stated range of a setting. */
    RANGE,
    /** Every compared repetition ran at a steady state (no drift over its window). */
    STEADY,
    /** Bytes (the brokers' disk or network), not CPU, limit some compared point. */
    BYTES_LIMITED,
    /** No compared point was limited by the load generator's own CPU in half or more of its runs. */
    LOAD_GENERATOR_HEADROOM,
    /** The brokers' disk is busy at some compared point (a claim about the disk or its filesystem). */
    DISK_BUSY
}
