package io.kbench.load.integrity;

/**
 * How the read-back recognises this run's records and their ids in a record's value. The bytes are the producers'
 * stamp, which the load generator owns; the check only needs these three questions answered.
 */
public interface RecordIds {
    /** Whether {@code value} is one of this run's records carrying a record id. */
    boolean carriesId(byte[] value);

    /** The producer thread that sent {@code value}; only when {@link #carriesId}. */
    int producer(byte[] value);

    /** The record's sequence number within its producer; only when {@link #carriesId}. */
    long sequence(byte[] value);
}
