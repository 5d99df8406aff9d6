package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.format.StrictMapper;
import io.kbench.unit.DurationText;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A whole workload, resolved and frozen: what the run header prints and result.json records.
 *
 * @param name           short name used in the results directory
 * @param description    free text for people
 * @param topic          the topic
 * @param producers      the producing side
 * @param consumers      the consuming side
 * @param cluster        the embedded cluster (ignored with --bootstrap-server)
 * @param reportInterval how often a progress line and an .hlog interval are written
 * @param verify         after the load, read the topic back and check every record (docs/integrity.md); absent
 *                       means false (and is how result.json leaves it)
 * @param faults         faults fired on the run's clock (docs/faults.md); empty for none
 * @param clientJavaHome the JDK the load generator runs on (kbench re-launches itself there); absent: the JDK
 *                       running kbench. {@code --client-java-home} wins.
 * @param clients        the Kafka client release the producers and consumers run (kbench re-launches itself on its
 *                       jars); absent: kbench's own. {@code --client-kafka-version} wins
 * @param uncheckedProperties property names (or prefixes ending in a dot) that the workload's properties maps may carry
 *                       although Kafka does not define them: a plugin's own keys. Every other name is checked against
 *                       Kafka's definitions ({@link KafkaConfigCheck}); empty for none
 */
public record WorkloadSpec(String name, String description, TopicSpec topic, ProducerSpec producers,
                           ConsumerSpec consumers, ClusterSpec cluster, Duration reportInterval, Boolean verify,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FaultSpec> faults, String clientJavaHome,
                           @JsonInclude(JsonInclude.Include.NON_NULL) ClientsSpec clients,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> uncheckedProperties) {
    /** Bytes kbench embeds at the start of each value for end-to-end latency: magic, phase, send time. */
    public static final int STAMP_BYTES = 16;
    /** Bytes of the stamp of a verified run, which adds each record's id (producer, sequence number). */
    public static final int VERIFY_STAMP_BYTES = 24;

    public WorkloadSpec {
        name = name == null ? "workload" : name;
        if (!name.matches("[a-zA-Z0-9._-]{1,64}")) {
            throw InvalidInputException.field("name", "'" + name + "'", "must be 1-64 characters of a-z A-Z 0-9 . _ -");
        }
        topic = topic == null ? TopicSpec.defaults() : topic;
        producers = producers == null ? ProducerSpec.defaults() : producers;
        consumers = consumers == null ? ConsumerSpec.none() : consumers;
        cluster = cluster == null ? ClusterSpec.defaults() : cluster;
        reportInterval = reportInterval == null ? Duration.ofSeconds(1)
                : Checks.positive("reportInterval", reportInterval);
        if (reportInterval.toMillis() < 100) {
            throw InvalidInputException.field("reportInterval", DurationText.format(reportInterval), "must be >= 100ms");
        }
        validateTogether(producers, consumers);
        if (producers.payload().type() == PayloadType.MONOTONIC) {
            validateMonotonic(consumers, Boolean.TRUE.equals(verify), producers.transactional());
        }
        if (Boolean.TRUE.equals(verify)) {
            validateVerify(producers);
        }
        if (producers.transactional()) {
            validateTransactions(producers, consumers, Boolean.TRUE.equals(verify));
        }
        faults = faults == null ? List.of() : List.copyOf(faults);
        FaultChecks.check(faults, producers, topic);
        if (clientJavaHome != null && clientJavaHome.isBlank()) {
            throw InvalidInputException.field("clientJavaHome", "''", "must name a JDK directory");
        }
        if (clients != null) {
            clients.check(topic, producers, consumers);
        }
        uncheckedProperties = new UncheckedProperties(uncheckedProperties, UncheckedProperties.FIELD).names();
    }

    /**
     * This workload with the field at {@code path} set to {@code value} (null: unset, so its default applies), by the
     * rules of {@code --set path=value}, and checked again. The one way a workload is derived from another (a find-max
     * probe, a sweep repetition), so a field added to the workload is carried over without anyone listing it.
     */
    public WorkloadSpec with(String path, Object value) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put(path, value);
        return with(one);
    }

    /**
     * As {@link #with(String, Object)} for several paths, checked once all are set: fields that exclude each other
     * (records and duration) can be swapped in one step.
     */
    public WorkloadSpec with(Map<String, ?> values) {
        SpecLoader loader = new SpecLoader();
        ObjectNode tree = loader.toTree(this);
        values.forEach((path, value) -> SetOverride.of(path, value == null ? NullNode.instance : Tree.MAPPER.valueToTree(value))
                .applyTo(tree));
        return loader.bind(tree, WorkloadSpec.class, "workload " + name + " with " + values.keySet());
    }

    /** Values as the workload file would spell them (durations as {@code 30s}). */
    private static final class Tree {
        static final ObjectMapper MAPPER = StrictMapper.yaml();
    }

    /** The Kafka client release the workload names ({@code clients.kafkaVersion}); null: kbench's own. */
    public String clientKafkaVersion() {
        return clients == null ? null : clients.kafkaVersion();
    }

    /** Whether the run reads the topic back and checks every record. */
    public boolean verifies() {
        return Boolean.TRUE.equals(verify);
    }

    /**
     * Monotonic values are the record's number and nothing else: no room for kbench's stamp (send time, record id,
     * aborted flag), so nothing that reads the stamp can run on them.
     */
    private static void validateMonotonic(ConsumerSpec consumers, boolean verify, boolean transactional) {
        String why = consumers.endToEnd() ? "consumers.mode " + consumers.mode().name().toLowerCase(Locale.ROOT)
                + " (end-to-end latency needs the send time kbench writes into each value)"
                : verify ? "verify (it needs each record's id in its value)"
                : transactional && consumers.enabled() ? "transactions read back by consumers (each value must say"
                        + " whether its transaction was aborted)" : null;
        if (why != null) {
            throw InvalidInputException.field("producers.payload.type", "monotonic", "cannot be used with " + why);
        }
    }

    private static void validateVerify(ProducerSpec producers) {
        if (producers.count() == 0) {
            throw InvalidInputException.field("verify", true,
                    "needs producers: a run with producers.count 0 sends nothing to check");
        }
        if (producers.payload().type() != PayloadType.FILE && producers.recordSize().minBytes() < VERIFY_STAMP_BYTES) {
            throw InvalidInputException.field("producers.recordSize", producers.recordSize().minBytes(),
                    "must be >= " + VERIFY_STAMP_BYTES + " bytes with verify (each value carries its record id)");
        }
    }

    /** Aborted records are recognised by a flag in kbench's stamp, so consumers need values with room for it. */
    private static void validateTransactions(ProducerSpec producers, ConsumerSpec consumers, boolean verify) {
        if (producers.count() == 0) {
            throw InvalidInputException.field("producers.transactions", "with producers.count 0",
                    "needs producers: a run without producers sends no transactions");
        }
        String idempotence = producers.properties().get("enable.idempotence");
        if (idempotence != null && idempotence.trim().equalsIgnoreCase("false")) {
            throw InvalidInputException.field("producers.properties.enable.idempotence", idempotence,
                    "must not be false with transactions (Kafka's transactional producer is idempotent)");
        }
        String acks = producers.properties().get("acks");
        if (acks != null && !acks.trim().equals("all") && !acks.trim().equals("-1")) {
            throw InvalidInputException.field("producers.properties.acks", acks,
                    "must be all (or -1) with transactions (Kafka's transactional producer needs it)");
        }
        if (verify && producers.transactions().aborts()) {
            throw InvalidInputException.field("producers.transactions.abortFraction", producers.transactions().abortFraction(),
                    "must be 0 with verify (verification checks every acknowledged record, and aborted ones are not delivered)");
        }
        if (consumers.enabled() && producers.payload().type() != PayloadType.FILE
                && producers.recordSize().minBytes() < STAMP_BYTES) {
            throw InvalidInputException.field("producers.recordSize", producers.recordSize().minBytes(),
                    "must be >= " + STAMP_BYTES + " bytes with transactions and consumers (each value says whether its"
                            + " transaction was aborted)");
        }
    }

    private static void validateTogether(ProducerSpec producers, ConsumerSpec consumers) {
        if (producers.count() == 0 && consumers.mode() != ConsumerMode.BACKLOG) {
            throw InvalidInputException.field("producers.count", 0, "only a backlog consumer run may have no producers");
        }
        if (producers.count() == 0 && consumers.records() == null) {
            throw InvalidInputException.field("consumers.records", "nothing",
                    "a backlog run without producers must say how many records to read");
        }
        if (producers.count() > 0 && consumers.records() != null) {
            throw InvalidInputException.field("consumers.records", consumers.records(),
                    "only applies when producers.count is 0 (consumers read what the producers wrote)");
        }
        if (producers.count() > 0 && consumers.topicPattern() != null) {
            throw InvalidInputException.field("consumers.topicPattern", "'" + consumers.topicPattern() + "'",
                    "only applies when producers.count is 0 (it reads existing topics)");
        }
        if (consumers.endToEnd() && producers.recordSize().minBytes() < STAMP_BYTES) {
            throw InvalidInputException.field("producers.recordSize", producers.recordSize().minBytes(),
                    "must be >= " + STAMP_BYTES + " bytes with live consumers (end-to-end latency is embedded in the value)");
        }
        ConsumerPause pause = consumers.pause();
        if (pause != null && producers.duration() != null && pause.after().compareTo(producers.duration()) >= 0) {
            throw InvalidInputException.field("consumers.pause.after", DurationText.format(pause.after()),
                    "must be before the end of producers.duration (" + DurationText.format(producers.duration()) + ")");
        }
        if (consumers.mode() == ConsumerMode.BACKLOG && producers.staged()) {
            throw InvalidInputException.field("producers.stages", producers.stages().size() + " stage(s)",
                    "need live consumers or none: a backlog run fills the topic with a fixed number of records first");
        }
        if (consumers.mode() == ConsumerMode.BACKLOG && producers.count() > 0 && producers.records() == null) {
            throw InvalidInputException.field("producers.records", "nothing",
                    "a backlog run fills the topic with a fixed number of records; set producers.records");
        }
    }
}
