package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The consuming side of a workload.
 *
 * @param mode        none, live (end-to-end with the producers) or backlog (read a pre-filled topic)
 * @param count       consumer threads in one group, each with its own KafkaConsumer
 * @param group       consumer group id; default a fresh {@code kbench-<run id>} per run
 * @param records     backlog only, with no producers: how many records to read from the existing topic
 * @param idleTimeout stop waiting for records after this long without any arriving
 * @param properties  any Kafka consumer property (fetch.min.bytes, max.poll.records, ...)
 * @param topicPattern backlog only, with no producers: read every existing topic matching this Java regex
 *                     instead of topic.name (kafka-consumer-perf-test's --include)
 * @param groupProtocol live and backlog: the consumer group protocol (classic or consumer); absent: Kafka's default
 * @param changes      live only: consumers joining and leaving on the run's clock (rebalances); empty for none
 * @param share        share mode only: acknowledgement and processing of the share consumers; absent: defaults
 * @param pause        live only: a backlog phase, consumers paused then resumed (docs/backlog.md); absent: none
 * @param client       the client library that reads (docs/clients.md); absent: java, and not written
 */
public record ConsumerSpec(ConsumerMode mode, Integer count, String group, Long records, Duration idleTimeout,
                           Map<String, String> properties, String topicPattern,
                           @JsonInclude(JsonInclude.Include.NON_NULL) GroupProtocol groupProtocol,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ConsumerChange> changes,
                           @JsonInclude(JsonInclude.Include.NON_NULL) ShareSpec share,
                           @JsonInclude(JsonInclude.Include.NON_NULL) ConsumerPause pause,
                           @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = ClientKind.OmitJava.class)
                           ClientKind client) {
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

    public ConsumerSpec {
        mode = mode == null ? ConsumerMode.LIVE : mode;
        count = count == null ? (mode == ConsumerMode.NONE ? 0 : 1) : count;
        Checks.between("consumers.count", count, mode == ConsumerMode.NONE ? 0 : 1, 1024);
        if (group != null) {
            Checks.notBlank("consumers.group", group);
        }
        if (records != null) {
            Checks.atLeast("consumers.records", records, 1);
        }
        idleTimeout = idleTimeout == null ? DEFAULT_IDLE_TIMEOUT : Checks.positive("consumers.idleTimeout", idleTimeout);
        properties = properties == null ? Map.of() : Map.copyOf(properties);
        if (topicPattern != null) {
            if (mode != ConsumerMode.BACKLOG) {
                throw InvalidInputException.field("consumers.topicPattern", "'" + topicPattern + "'",
                        "only applies to mode backlog");
            }
            try {
                Pattern.compile(topicPattern);
            } catch (PatternSyntaxException e) {
                throw InvalidInputException.field("consumers.topicPattern", "'" + topicPattern + "'",
                        "is not a Java regular expression: " + e.getDescription());
            }
        }
        changes = changes == null ? List.of() : List.copyOf(changes);
        GroupChecks.check(mode, count, properties, groupProtocol, changes, share);
        if (pause != null && mode != ConsumerMode.LIVE) {
            throw InvalidInputException.field("consumers.pause", pause.condition(),
                    "only applies to mode live (mode is " + mode.name().toLowerCase(Locale.ROOT) + ")");
        }
        if (pause != null && !changes.isEmpty()) {
            throw InvalidInputException.field("consumers.pause", pause.condition(),
                    "cannot be combined with consumers.changes (a rebalance would blur the catch-up figures)");
        }
        client = client == null ? ClientKind.JAVA : client;
        if (client.external()) {
            ProducerSpec.notInContractV1(client, "consumers.mode", mode == ConsumerMode.BACKLOG || mode == ConsumerMode.SHARE,
                    "mode " + mode.name().toLowerCase(Locale.ROOT));
            ProducerSpec.notInContractV1(client, "consumers.topicPattern", topicPattern != null, null);
            ProducerSpec.notInContractV1(client, "consumers.changes", !changes.isEmpty(), changes.size() + " change(s)");
            ProducerSpec.notInContractV1(client, "consumers.pause", pause != null, null);
            ProducerSpec.notInContractV1(client, "consumers.groupProtocol", groupProtocol == GroupProtocol.CONSUMER,
                    "groupProtocol consumer");
        }
    }

    public static ConsumerSpec none() {
        return new ConsumerSpec(ConsumerMode.NONE, null, null, null, null, null, null, null, null, null, null, null);
    }

    public boolean enabled() {
        return mode != ConsumerMode.NONE;
    }

    /** Whether consumers read while producers write and record end-to-end latency (live and share). */
    public boolean endToEnd() {
        return mode == ConsumerMode.LIVE || mode == ConsumerMode.SHARE;
    }

    /** The share settings to run with: the given ones or the defaults. */
    public ShareSpec shareOrDefaults() {
        return share == null ? ShareSpec.defaults() : share;
    }
}
