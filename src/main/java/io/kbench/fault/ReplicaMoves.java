package io.kbench.fault;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Where replicas go: the target replica lists of a reassign or remove-broker fault, computed from the current
 * assignment. Only partitions whose replica list changes are returned, in a stable order.
 */
final class ReplicaMoves {
    private static final Comparator<TopicPartition> ORDER = Comparator.comparing(TopicPartition::topic)
            .thenComparingInt(TopicPartition::partition);

    private ReplicaMoves() {
    }

    /**
     * Every partition of {@code current} spread over {@code brokers} (sorted by id) the way Kafka assigns a new topic:
     * partition p's replicas are brokers p, p+1, ... (mod n), its replication factor kept. An added broker so gets
     * its share of the replicas and of the preferred leaders. A partition already on its target brokers stays as it is.
     */
    static Map<TopicPartition, List<Integer>> spread(Map<TopicPartition, List<Integer>> current, List<Integer> brokers) {
        List<Integer> ids = brokers.stream().sorted().toList();
        Map<TopicPartition, List<Integer>> moves = new TreeMap<>(ORDER);
        current.forEach((tp, replicas) -> {
            if (replicas.size() > ids.size()) {
                throw new IllegalArgumentException(tp + " has " + replicas.size() + " replicas and only " + ids.size()
                        + " brokers run");
            }
            List<Integer> target = new ArrayList<>();
            for (int i = 0; i < replicas.size(); i++) {
                target.add(ids.get((tp.partition() + i) % ids.size()));
            }
            // Only where a replica moves: a mere reorder would change the preferred leader and copy nothing.
            if (!Set.copyOf(target).equals(Set.copyOf(replicas))) {
                moves.put(tp, List.copyOf(target));
            }
        });
        return moves;
    }

    /** The plan's partitions of {@code topic}, where they differ from {@code current}. */
    static Map<TopicPartition, List<Integer>> plan(String topic, Map<Integer, List<Integer>> plan,
                                                   Map<TopicPartition, List<Integer>> current) {
        Map<TopicPartition, List<Integer>> moves = new TreeMap<>(ORDER);
        plan.forEach((partition, replicas) -> {
            TopicPartition tp = new TopicPartition(topic, partition);
            if (!current.containsKey(tp)) {
                throw new IllegalArgumentException("topic " + topic + " has no partition " + partition);
            }
            if (!replicas.equals(current.get(tp))) {
                moves.put(tp, List.copyOf(replicas));
            }
        });
        return moves;
    }

    /**
     * Every replica on {@code leaving} replaced by the running broker holding the fewest replicas (lowest id on a tie)
     * that does not hold the partition already; the others keep their place, so leadership moves only where it must.
     */
    static Map<TopicPartition, List<Integer>> awayFrom(Map<TopicPartition, List<Integer>> current, int leaving,
                                                       List<Integer> brokers) {
        Map<Integer, Integer> load = new TreeMap<>();
        brokers.stream().filter(b -> b != leaving).forEach(b -> load.put(b, 0));
        current.values().forEach(replicas -> replicas.forEach(r -> load.computeIfPresent(r, (k, v) -> v + 1)));
        Map<TopicPartition, List<Integer>> moves = new TreeMap<>(ORDER);
        current.entrySet().stream().sorted(Map.Entry.comparingByKey(ORDER)).forEach(e -> {
            if (!e.getValue().contains(leaving)) {
                return;
            }
            int to = load.entrySet().stream().filter(l -> !e.getValue().contains(l.getKey()))
                    .min(Map.Entry.<Integer, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                    .map(Map.Entry::getKey)
                    .orElseThrow(() -> new IllegalArgumentException("cannot move " + e.getKey() + " off broker " + leaving
                            + ": its " + e.getValue().size() + " replicas need " + e.getValue().size()
                            + " brokers besides it, and " + load.size() + " run"));
            load.merge(to, 1, Integer::sum);
            moves.put(e.getKey(), e.getValue().stream().map(r -> r == leaving ? to : r).toList());
        });
        return moves;
    }

    /**
     * The first moved partition whose replicas in {@code now} (a broker's metadata) are not yet the target set, as
     * {@code "t-1 has replicas [3, 1, 2], not yet [3, 1]"}; null when every one is in place. The controller answers
     * listPartitionReassignments from its own state, while describeTopics comes from a broker's metadata cache, which
     * applies the controller's last change some time later (seconds on a loaded machine): until then it still shows
     * the removing replica. Throws when a moved partition is gone (its topic deleted): that move never completes.
     */
    static String notInPlace(Map<TopicPartition, List<Integer>> target, Map<TopicPartition, List<Integer>> now) {
        Map<TopicPartition, List<Integer>> ordered = new TreeMap<>(ORDER);
        ordered.putAll(target);
        for (Map.Entry<TopicPartition, List<Integer>> e : ordered.entrySet()) {
            List<Integer> actual = now.get(e.getKey());
            if (actual == null) {
                throw new IllegalStateException("the move of " + e.getKey() + " did not complete: the partition is gone");
            }
            if (!Set.copyOf(actual).equals(Set.copyOf(e.getValue()))) {
                return e.getKey() + " has replicas " + actual + ", not yet " + e.getValue();
            }
        }
        return null;
    }

    /** Per moved partition, the brokers that gain a replica of it. */
    static Map<TopicPartition, Set<Integer>> added(Map<TopicPartition, List<Integer>> current,
                                                   Map<TopicPartition, List<Integer>> moves) {
        Map<TopicPartition, Set<Integer>> added = new TreeMap<>(ORDER);
        moves.forEach((tp, target) -> {
            Set<Integer> gained = new LinkedHashSet<>(target);
            gained.removeAll(current.getOrDefault(tp, List.of()));
            if (!gained.isEmpty()) {
                added.put(tp, gained);
            }
        });
        return added;
    }
}
