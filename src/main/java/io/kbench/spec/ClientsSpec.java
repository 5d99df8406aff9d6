package io.kbench.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.error.InvalidInputException;
import io.kbench.release.BundledRelease;
import io.kbench.release.ReleaseVersion;
import java.util.Locale;

/**
 * The Java client kbench's producers and consumers run (docs/versions.md, "Clients of a release").
 *
 * @param kafkaVersion the Kafka release of the {@code kafka-clients} jars, {@code 3.9.1}: from 3.7.0 on, fetched into
 *                     kbench's release cache on first use; kbench re-launches itself on those jars. Absent: kbench's
 *                     own. {@code --client-kafka-version} wins
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientsSpec(String kafkaVersion) {
    /**
     * Share groups (KIP-932): kbench's share consumers and their set-up are written against the share-group API of the
     * 4.1 clients and later ({@code Admin.listShareGroupOffsets} with its spec class, absent from 3.9.1's client, read
     * in its class files); 4.0's early-access share consumer is not tried.
     */
    static final String SHARE_FLOOR = "4.1.0";
    /** The consumer group protocol (KIP-848) is generally available from 4.0; the 3.x clients had it as a preview. */
    static final String CONSUMER_PROTOCOL_FLOOR = "4.0.0";
    /**
     * A backlog read of a tiered topic first waits until the backlog has left the local logs, asking the brokers with
     * {@code OffsetSpec.earliestLocal()} and {@code latestTiered()} (KIP-1005): the 3.9.1 client has them, 3.7.0's has
     * not (read in their class files); 3.8, not checked, is refused with 3.7.
     */
    static final String TIERED_BACKLOG_FLOOR = "3.9.0";

    public ClientsSpec {
        kafkaVersion = kafkaVersion == null ? null : ReleaseVersion.parse("clients.kafkaVersion", kafkaVersion).toString();
    }

    /**
     * Whether producers and consumers of a client of {@code kafkaVersion} (null: kbench's own) run on this JVM's client:
     * not so in the kbench that re-launches itself on another client release, whose definitions may add or lack
     * property names and rules; the re-launched JVM checks the client properties against that release's own.
     */
    public static boolean runHere(String kafkaVersion) {
        return kafkaVersion == null || !BundledRelease.onClassPath()
                || kafkaVersion.equals(BundledRelease.version().toString());
    }

    /**
     * What the workload needs of the client release, refused in one line when it is older; nothing for kbench's own
     * client ({@code kafkaVersion} absent), which has everything.
     */
    void check(TopicSpec topic, ProducerSpec producers, ConsumerSpec consumers) {
        if (kafkaVersion == null) {
            return;
        }
        boolean tiered = "true".equalsIgnoreCase(topic.configs().getOrDefault("remote.storage.enable", "false").strip());
        if (tiered && producers.count() > 0 && consumers.mode() == ConsumerMode.BACKLOG) {
            floor(TIERED_BACKLOG_FLOOR, "a backlog read of a tiered topic (remote.storage.enable; its wait for the"
                    + " offload asks for the tiered offsets of KIP-1005)");
        }
        if (consumers.mode() == ConsumerMode.SHARE) {
            floor(SHARE_FLOOR, "consumers.mode share (share groups, KIP-932)");
        }
        String property = consumers.properties().get("group.protocol");
        boolean consumerProtocol = consumers.groupProtocol() == GroupProtocol.CONSUMER
                || property != null && property.strip().toLowerCase(Locale.ROOT).equals(GroupProtocol.CONSUMER.property());
        if (consumers.enabled() && consumerProtocol) {
            floor(CONSUMER_PROTOCOL_FLOOR, "the consumer group protocol (groupProtocol consumer, KIP-848)");
        }
    }

    private void floor(String floor, String what) {
        ReleaseVersion version = ReleaseVersion.parse("clients.kafkaVersion", kafkaVersion);
        if (version.compareTo(ReleaseVersion.parse("floor", floor)) < 0) {
            throw InvalidInputException.field("clients.kafkaVersion", kafkaVersion, "cannot run " + what
                    + ", which needs a client of Kafka " + floor + " or later");
        }
    }
}
