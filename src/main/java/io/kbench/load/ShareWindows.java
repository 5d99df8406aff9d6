package io.kbench.load;

/**
 * The measured windows of one share on its shared clock, so a coordinator can compute the merged windows exactly:
 * from the earliest first send to the latest last acknowledgement over all shares, not an average of their rates.
 * {@link Long#MAX_VALUE} / {@link Long#MIN_VALUE} where nothing happened.
 */
public record ShareWindows(long firstSendNanos, long lastAckNanos, long firstConsumedNanos, long lastConsumedNanos) {
}
