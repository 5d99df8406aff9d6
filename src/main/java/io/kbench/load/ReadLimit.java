package io.kbench.load;

import io.kbench.measure.Counter;

/**
 * How many records a backlog read stops at, checked by each consumer on its own thread after every poll. That is where
 * kafka-consumer-perf-test checks its count ({@code while (messagesRead < numRecords ...)} around each poll), so a
 * consumer reads past the limit by less than one poll ({@code max.poll.records}, 500 by default), as the stock tool
 * does. A check from outside the poll loop (kbench did it every 20 ms) overshoots by whatever arrives meanwhile:
 * thousands of records at a backlog's rates (issue 42).
 */
final class ReadLimit {
    /** No limit: consumers read until they are told to stop. */
    static final ReadLimit NONE = new ReadLimit(null, Long.MAX_VALUE);

    private final Counter read;
    private final long records;

    /** A limit of {@code records} read, as {@code read} counts them (all consumers together). */
    ReadLimit(Counter read, long records) {
        if (records < 0) {
            throw new IllegalArgumentException("records must be >= 0: " + records);
        }
        this.read = read;
        this.records = records;
    }

    /** Whether the consumers together have read the limit; one volatile read, no lock. */
    boolean reached() {
        return read != null && read.records() >= records;
    }
}
