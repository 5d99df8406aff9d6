package io.kbench.load;

/**
 * The measured windows of one slice on its shared clock, so a coordinator can compute the merged windows exactly:
 * from the earliest first send to the latest last acknowledgement over all slices, not an average of their rates.
 * {@link Long#MAX_VALUE} / {@link Long#MIN_VALUE} where nothing happened.
 */
public record SliceWindows(long firstSendNanos, long lastAckNanos, long firstConsumedNanos, long lastConsumedNanos) {
}
