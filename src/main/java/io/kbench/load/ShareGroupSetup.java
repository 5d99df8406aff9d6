package io.kbench.load;

import io.kbench.error.RunFailedException;
import io.kbench.spec.ShareSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.common.config.ConfigResource;

/**
 * Sets the share group's configs before its consumers join: where the group starts reading, and the delivery limit and
 * lock duration the workload asks for. Returns the delivery limit in force, to count archived records.
 */
final class ShareGroupSetup {
    /** Kafka's default group.share.delivery.count.limit, when the broker does not say. */
    static final int KAFKA_DEFAULT_DELIVERY_COUNT_LIMIT = 5;
    private static final String DELIVERY_COUNT_LIMIT = "share.delivery.count.limit";
    private static final long TIMEOUT_SECONDS = 30;
    /**
     * Where a new share group starts: at the records of the last 5 minutes. Kafka's default (latest) would skip records
     * the producers send before a consumer's first fetch; earliest would read a reused topic's whole history first.
     */
    static final String START = "by_duration:PT5M";

    private ShareGroupSetup() {
    }

    /** Applies the group configs and returns the group's delivery count limit. */
    static int configure(Admin admin, String group, ShareSpec share) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
        List<AlterConfigOp> ops = new ArrayList<>();
        ops.add(set("share.auto.offset.reset", START));
        if (share.deliveryCountLimit() != null) {
            ops.add(set(DELIVERY_COUNT_LIMIT, share.deliveryCountLimit().toString()));
        }
        if (share.lockDuration() != null) {
            ops.add(set("share.record.lock.duration.ms", Long.toString(share.lockDuration().toMillis())));
        }
        try {
            admin.incrementalAlterConfigs(Map.of(resource, ops)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (share.deliveryCountLimit() != null) {
                return share.deliveryCountLimit();
            }
            Config config = admin.describeConfigs(List.of(resource)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .get(resource);
            ConfigEntry entry = config == null ? null : config.get(DELIVERY_COUNT_LIMIT);
            return entry == null || entry.value() == null ? KAFKA_DEFAULT_DELIVERY_COUNT_LIMIT
                    : Integer.parseInt(entry.value());
        } catch (ExecutionException e) {
            throw new RunFailedException("cannot configure share group " + group + ": "
                    + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new RunFailedException("cannot configure share group " + group + ": no answer within "
                    + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException("interrupted while configuring share group " + group, e);
        }
    }

    /**
     * Waits until the share group has a start offset for each of the topic's {@code partitions}: its members joined
     * and the share coordinator initialized its state (on a fresh cluster that first creates the state topic, which
     * takes seconds). Returns false when that did not happen within {@code timeout} or {@code stop} said to give up.
     */
    static boolean awaitInitialized(Admin admin, String group, String topic, int partitions, Duration timeout,
                                    BooleanSupplier stop) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!stop.getAsBoolean() && System.nanoTime() < deadline) {
            try {
                long initialized = admin.listShareGroupOffsets(Map.of(group, new ListShareGroupOffsetsSpec()))
                        .partitionsToOffsetInfo(group).get(TIMEOUT_SECONDS, TimeUnit.SECONDS).keySet().stream()
                        .filter(tp -> tp.topic().equals(topic)).count();
                if (initialized >= partitions) {
                    return true;
                }
            } catch (ExecutionException | TimeoutException e) {
                // Not ready yet (the group or its coordinator is still being set up): ask again.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            LockSupport.parkNanos(100_000_000L);
        }
        return false;
    }

    private static AlterConfigOp set(String key, String value) {
        return new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
    }
}
