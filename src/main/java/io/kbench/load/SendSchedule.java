package io.kbench.load;

/**
 * One producer thread's intended send times, fixed in advance: latency is measured from them, so a stall is charged to
 * every record it delayed (coordinated omission handled) instead of silently thinning the sample.
 */
interface SendSchedule {
    /** What {@link #intendedSendNanos} returns once the schedule has no more records (the last stage ended). */
    long END = Long.MAX_VALUE;

    /** When record {@code index} (0-based, called with rising indexes) should be sent, or {@link #END}. */
    long intendedSendNanos(long index);
}
