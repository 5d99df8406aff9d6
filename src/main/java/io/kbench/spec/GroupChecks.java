package io.kbench.spec;

import io.kbench.error.InvalidInputException;
import io.kbench.unit.DurationText;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The consumer settings that only make sense together: share mode, the group protocol and consumer changes. */
final class GroupChecks {
    /** Consumer properties a KafkaShareConsumer refuses (Kafka's ShareConsumerConfig), or that kbench owns there. */
    private static final Set<String> NOT_FOR_SHARE = Set.of("auto.offset.reset", "enable.auto.commit",
            "group.instance.id", "isolation.level", "partition.assignment.strategy", "interceptor.classes",
            "session.timeout.ms", "heartbeat.interval.ms", "group.protocol", "group.remote.assignor",
            "share.acknowledgement.mode");

    private GroupChecks() {
    }

    static void check(ConsumerMode mode, int count, Map<String, String> properties, GroupProtocol groupProtocol,
                      List<ConsumerChange> changes, ShareSpec share) {
        if (mode == ConsumerMode.SHARE) {
            checkShare(properties, groupProtocol, changes);
        } else if (share != null) {
            throw InvalidInputException.field("consumers.share", "{...}", "only applies to mode share (mode is "
                    + mode.name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        if (groupProtocol != null && properties.containsKey("group.protocol")
                && !properties.get("group.protocol").equalsIgnoreCase(groupProtocol.property())) {
            throw InvalidInputException.field("consumers.properties.group.protocol", properties.get("group.protocol"),
                    "contradicts consumers.groupProtocol " + groupProtocol.property() + "; set only consumers.groupProtocol");
        }
        if (!changes.isEmpty() && mode != ConsumerMode.LIVE) {
            throw InvalidInputException.field("consumers.changes", changes.size() + " change(s)",
                    "only applies to mode live (rebalances are measured on end-to-end records)");
        }
        checkSchedule(count, changes);
    }

    private static void checkShare(Map<String, String> properties, GroupProtocol groupProtocol,
                                   List<ConsumerChange> changes) {
        if (groupProtocol != null) {
            throw InvalidInputException.field("consumers.groupProtocol", groupProtocol.property(),
                    "does not apply to mode share (a share group has its own protocol)");
        }
        for (String key : properties.keySet()) {
            if (NOT_FOR_SHARE.contains(key)) {
                throw InvalidInputException.field("consumers.properties." + key, properties.get(key),
                        key.equals("share.acknowledgement.mode") ? "is set by consumers.share.acknowledgement in mode share"
                                : "does not apply to mode share (a KafkaShareConsumer refuses it)");
            }
        }
        if (!changes.isEmpty()) {
            throw InvalidInputException.field("consumers.changes", changes.size() + " change(s)",
                    "only applies to mode live, not share");
        }
    }

    /** The changes in time order, never leaving the group without a consumer. */
    private static void checkSchedule(int count, List<ConsumerChange> changes) {
        int running = count;
        for (int i = 0; i < changes.size(); i++) {
            ConsumerChange c = changes.get(i);
            if (i > 0 && c.at().compareTo(changes.get(i - 1).at()) < 0) {
                throw InvalidInputException.field("consumers.changes[" + i + "].at", DurationText.format(c.at()),
                        "is before the change above it; list changes in time order");
            }
            if (c.remove() != null && c.remove() >= running) {
                throw InvalidInputException.field("consumers.changes[" + i + "].remove", c.remove(),
                        "removes " + (c.remove() > running ? "more consumers than the " : "all ") + running
                                + " running at " + DurationText.format(c.at()) + "; at least one must stay");
            }
            running += c.delta();
            if (running > 1024) {
                throw InvalidInputException.field("consumers.changes[" + i + "].add", c.add(),
                        "would make more than 1024 consumers");
            }
        }
    }
}
