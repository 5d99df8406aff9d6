package io.kbench.spec;

import io.kbench.error.Checks;
import java.util.Map;

/**
 * The topic a workload writes to and reads from.
 *
 * @param name              topic name
 * @param partitions        partition count when kbench creates the topic
 * @param replicationFactor replication factor when kbench creates the topic
 * @param create            create the topic if it is missing; false means it must already exist
 * @param deleteAfter       delete the topic when the run ends
 * @param configs           topic-level configs (retention.ms, min.insync.replicas, ...), passed through verbatim
 */
public record TopicSpec(String name, Integer partitions, Integer replicationFactor, Boolean create,
                        Boolean deleteAfter, Map<String, String> configs) {
    public TopicSpec {
        name = name == null ? "kbench" : name;
        TopicName.check("topic.name", name);
        partitions = partitions == null ? 6 : partitions;
        Checks.between("topic.partitions", partitions, 1, 100_000);
        replicationFactor = replicationFactor == null ? 1 : replicationFactor;
        Checks.between("topic.replicationFactor", replicationFactor, 1, 32);
        create = create == null || create;
        deleteAfter = deleteAfter != null && deleteAfter;
        configs = configs == null ? Map.of() : Map.copyOf(configs);
    }

    public static TopicSpec defaults() {
        return new TopicSpec(null, null, null, null, null, null);
    }
}
