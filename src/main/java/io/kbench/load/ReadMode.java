package io.kbench.load;

/** How a consumer-group consumer treats what it reads: what differs between a live and a backlog phase. */
enum ReadMode {
    /** Reads while producers write: records the end-to-end latency of each measured record from its stamp. */
    LIVE,
    /** Reads what was written before it started: counts every record, reads no stamp. */
    BACKLOG
}
