package io.kbench.load;

import io.kbench.spec.TopicSpec;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * A backlog read of a tiered topic starts cold: after the fill, kbench waits until the brokers have stopped moving the
 * backlog to remote storage (docs/tiered-storage.md). Done when, for a whole {@link #STABLE_MS}, no partition's
 * highest tiered offset ({@code OffsetSpec.latestTiered()}) nor its local log start ({@code earliestLocal()}, KIP-1005)
 * moved and every partition has something in remote storage; at most {@link #CAP_MS}, after which the read starts
 * anyway and says so. The wait is on the run's clock (its intervals show the copies and deletions), not measured.
 */
final class RemoteOffload {
    static final long STABLE_MS = 3_000;
    static final long CAP_MS = 90_000;
    private static final long POLL_MS = 500;

    private RemoteOffload() {
    }

    /** Whether the topic keeps its old segments in remote storage ({@code remote.storage.enable=true}). */
    static boolean tiered(TopicSpec topic) {
        return "true".equalsIgnoreCase(topic.configs().getOrDefault("remote.storage.enable", "false").trim());
    }

    /** Waits as the class comment says; prints one line with how long it took and where the local logs now start. */
    static void await(Admin admin, String topic, int partitions, StopSignal stop, PrintStream out) {
        long start = System.nanoTime();
        Map<TopicPartition, long[]> last = Map.of();
        long stableSince = start;
        while (!stop.requested()) {
            Map<TopicPartition, long[]> now = offsets(admin, topic, partitions);
            long t = System.nanoTime();
            if (!same(last, now)) {
                stableSince = t;
                last = now;
            }
            boolean allTiered = !now.isEmpty() && now.values().stream().allMatch(o -> o[0] >= 0);
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(t - start);
            if (allTiered && TimeUnit.NANOSECONDS.toMillis(t - stableSince) >= STABLE_MS) {
                out.printf(Locale.ROOT, "tiered storage: the backlog moved to remote storage in %.1f s (no partition's"
                        + " tiered or local offsets moved for %d s); local logs start at %s: the read starts cold%n",
                        waitedMs / 1000.0, STABLE_MS / 1000, localStarts(now));
                return;
            }
            if (waitedMs >= CAP_MS) {
                out.printf(Locale.ROOT, "tiered storage: after %d s the brokers were still moving the backlog to remote"
                        + " storage (local logs start at %s); reading anyway%n", CAP_MS / 1000, localStarts(now));
                return;
            }
            StopSignal.sleep(POLL_MS);
        }
    }

    /** Per partition: {highest tiered offset (-1: none), local log start offset}. */
    private static Map<TopicPartition, long[]> offsets(Admin admin, String topic, int partitions) {
        Map<TopicPartition, OffsetSpec> tiered = new HashMap<>();
        Map<TopicPartition, OffsetSpec> local = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            tiered.put(new TopicPartition(topic, p), OffsetSpec.latestTiered());
            local.put(new TopicPartition(topic, p), OffsetSpec.earliestLocal());
        }
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> t = get(admin.listOffsets(tiered));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> l = get(admin.listOffsets(local));
        Map<TopicPartition, long[]> out = new HashMap<>();
        t.forEach((tp, info) -> out.put(tp, new long[] {info.offset(), l.get(tp).offset()}));
        return out;
    }

    private static Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> get(ListOffsetsResult r) {
        try {
            return r.all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // Not answerable now (a leader moving): an empty reading, which is never stable.
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    private static boolean same(Map<TopicPartition, long[]> a, Map<TopicPartition, long[]> b) {
        return a.size() == b.size() && a.entrySet().stream()
                .allMatch(e -> b.containsKey(e.getKey()) && java.util.Arrays.equals(e.getValue(), b.get(e.getKey())));
    }

    private static List<String> localStarts(Map<TopicPartition, long[]> offsets) {
        return offsets.entrySet().stream().sorted(Map.Entry.comparingByKey(java.util.Comparator.comparingInt(
                TopicPartition::partition))).map(e -> String.format(Locale.ROOT, "%d: %,d", e.getKey().partition(),
                e.getValue()[1])).toList();
    }
}
