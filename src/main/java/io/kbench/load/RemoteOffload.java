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
 * backlog to remote storage (docs/tiered-storage.md). Done when every partition's local log starts past its log start
 * (local retention deleted segments that stay readable from remote storage: {@code OffsetSpec.earliestLocal()},
 * KIP-1005) and, for a whole {@link #STABLE_MS}, neither that nor its highest tiered offset ({@code latestTiered()})
 * moved; at most {@link #CAP_MS}, after which the read starts anyway and says so. The wait is on the run's clock (its intervals show the copies and deletions), not measured.
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
            boolean allTiered = !now.isEmpty() && now.values().stream().allMatch(o -> o[1] > o[2]);
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(t - start);
            if (allTiered && TimeUnit.NANOSECONDS.toMillis(t - stableSince) >= STABLE_MS) {
                out.printf(Locale.ROOT, "tiered storage: the backlog moved to remote storage in %.1f s (local retention"
                        + " deleted what was copied; nothing moved for %d s); local logs start at %s: the read starts"
                        + " cold%n",
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

    /** Per partition: {highest tiered offset (-1: none), local log start offset, log start offset}. */
    private static Map<TopicPartition, long[]> offsets(Admin admin, String topic, int partitions) {
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> t = list(admin, topic, partitions,
                OffsetSpec.latestTiered());
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> l = list(admin, topic, partitions,
                OffsetSpec.earliestLocal());
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> e = list(admin, topic, partitions,
                OffsetSpec.earliest());
        Map<TopicPartition, long[]> out = new HashMap<>();
        t.forEach((tp, info) -> {
            if (l.containsKey(tp) && e.containsKey(tp)) {
                out.put(tp, new long[] {info.offset(), l.get(tp).offset(), e.get(tp).offset()});
            }
        });
        return out;
    }

    private static Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> list(Admin admin, String topic,
                                                                                      int partitions, OffsetSpec spec) {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), spec);
        }
        return get(admin.listOffsets(request));
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
