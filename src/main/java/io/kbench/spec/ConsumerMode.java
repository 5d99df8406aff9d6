package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How consumers take part in a run. */
public enum ConsumerMode {
    /** No consumers: a produce-only run. */
    @JsonProperty("none") NONE,
    /** Consumers read while producers write: end-to-end latency. */
    @JsonProperty("live") LIVE,
    /** Producers fill the topic first, then consumers read the backlog (like kafka-consumer-perf-test). */
    @JsonProperty("backlog") BACKLOG,
    /** KafkaShareConsumers in a share group (KIP-932) read while producers write: end-to-end latency per delivery. */
    @JsonProperty("share") SHARE
}
