package io.kbench.distributed;

/**
 * One record on a control topic: a {@link Message} as JSON text ({@code body}) with who sent it, its sequence number
 * among that sender's messages, the sender's clock when sent, and the HMAC-SHA256 of all of that and the topic
 * ({@link #canonical}), so a message cannot be changed, moved to the other topic, replayed into another run or twice.
 *
 * @param v          the envelope's version: {@link #VERSION}
 * @param runId      the run of the message inside (checked to match it)
 * @param sender     {@code coordinator} or the worker's id (checked to match the message's {@code workerId})
 * @param seq        the sender's sequence number, from 1; a receiver accepts each sender's numbers only rising
 * @param sentMillis the sender's wall clock when it sealed the message, epoch milliseconds
 * @param body       the message, JSON
 * @param mac        HMAC-SHA256 of {@link #canonical}, base64; null with {@code --insecure-control}
 */
record Envelope(int v, String runId, String sender, long seq, long sentMillis, String body, String mac) {
    static final int VERSION = 1;

    Envelope {
        if (v != VERSION) {
            throw new IllegalArgumentException("envelope version " + v + " is not " + VERSION + " (another kbench version)");
        }
        if (runId == null || !runId.matches(Message.ID)) {
            throw new IllegalArgumentException("runId is missing or not a kbench run id");
        }
        if (sender == null || !sender.matches(Message.ID)) {
            throw new IllegalArgumentException("sender is missing or not a kbench worker id");
        }
        if (seq < 1) {
            throw new IllegalArgumentException("seq must be >= 1 (got " + seq + ")");
        }
        if (body == null) {
            throw new IllegalArgumentException("body is missing");
        }
    }

    /** What the MAC covers: the topic (the direction), the run, the sender, its sequence number and clock, the body. */
    String canonical(String topic) {
        return "kbench-control/" + v + "\n" + topic + "\n" + runId + "\n" + sender + "\n" + seq + "\n" + sentMillis + "\n" + body;
    }
}
