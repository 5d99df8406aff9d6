package io.kbench.load;

/** Whether group consumers fetch or hold their partitions paused (consumers.pause builds a backlog that way). */
enum FetchState {
    /** Fetching as usual. */
    FETCHING,
    /** Partitions paused: polls return nothing, the consumer stays in the group and keeps its partitions. */
    PAUSED
}
