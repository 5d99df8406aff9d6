package io.kbench.load;

/** Whether a run's consumers read while its producers wrote, and so recorded end-to-end latency for its summary. */
public enum EndToEndLatency {
    /** Live (or share) consumers stamped each measured record's end-to-end latency. */
    RECORDED,
    /** No consumers, or a backlog read after the fact: there is no end-to-end latency to report. */
    NOT_RECORDED;

    /** {@link #RECORDED} when {@code recorded}. */
    public static EndToEndLatency of(boolean recorded) {
        return recorded ? RECORDED : NOT_RECORDED;
    }
}
