package io.kbench.result.telemetry;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kbench.format.LowercaseEnum;

/**
 * One part of a record's latency as Kafka and kbench measure it (docs/diagnosis.md#latency-anatomy). The publish parts
 * add up to the publish latency measured from the intended send time: kbench's send delay, the producer's record queue
 * (accumulator, linger included), the broker's Produce request phases, and the rest (network and client I/O, and the
 * record queue too where the producers' metrics were not sampled, as in distributed runs). The
 * fetch parts are the consumer's Fetch request phases on the broker: context for end-to-end latency, not a sum of it.
 */
public enum LatencyPart {
    SEND_DELAY(true, "behind its send time", "kbench send delay"),
    RECORD_QUEUE(true, "in the producer's record queue", "producer record-queue-time-avg"),
    PRODUCE_REQUEST_QUEUE(true, "waiting for a request handler", "Produce RequestQueueTimeMs"),
    PRODUCE_LOCAL(true, "appending on the leader", "Produce LocalTimeMs"),
    PRODUCE_REMOTE(true, "waiting for replicas", "Produce RemoteTimeMs"),
    PRODUCE_RESPONSE_QUEUE(true, "waiting for a network thread", "Produce ResponseQueueTimeMs"),
    PRODUCE_RESPONSE_SEND(true, "sending the response", "Produce ResponseSendTimeMs"),
    PUBLISH_REST(true, "outside the measured parts", "publish mean minus the parts above"),
    FETCH_REQUEST_QUEUE(false, "fetch waiting for a request handler", "FetchConsumer RequestQueueTimeMs"),
    FETCH_LOCAL(false, "fetch reading the log", "FetchConsumer LocalTimeMs"),
    FETCH_REMOTE(false, "fetch waiting for data (long poll)", "FetchConsumer RemoteTimeMs"),
    FETCH_RESPONSE_QUEUE(false, "fetch waiting for a network thread", "FetchConsumer ResponseQueueTimeMs"),
    FETCH_RESPONSE_SEND(false, "fetch sending the response", "FetchConsumer ResponseSendTimeMs"),
    /**
     * Tiered storage: one read of a remote segment by the broker's remote log reader, which a cold fetch waits for in
     * the delayed remote fetch purgatory (so it is inside that fetch's FetchConsumer RemoteTimeMs).
     */
    REMOTE_STORAGE_READ(false, "fetch reading remote storage (tiered)", "RemoteLogReaderFetchRateAndTimeMs");

    private final boolean publish;
    private final String label;
    private final String measure;

    LatencyPart(boolean publish, String label, String measure) {
        this.publish = publish;
        this.label = label;
        this.measure = measure;
    }

    /** Whether the part is one of those that add up to the publish latency. */
    public boolean publish() {
        return publish;
    }

    /** What the record was doing, as the diagnosis says it: "71% waiting for replicas". */
    public String label() {
        return label;
    }

    /** Where the figure comes from (the Kafka metric or kbench's own). */
    public String measure() {
        return measure;
    }

    @JsonValue
    public String json() {
        return LowercaseEnum.json(this);
    }

    @JsonCreator
    public static LatencyPart of(String text) {
        return LowercaseEnum.parse(LatencyPart.class, text, "latency part");
    }

    @Override
    public String toString() {
        return json();
    }
}
