package io.kbench.load;

import io.kbench.result.run.BrokerCheck;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;

/**
 * The brokers' own count of the records a run wrote, for the broker check of producers in a driver process
 * ({@link BrokerCheck}): the topic's end offsets summed over its partitions, before the producers start and after they
 * end. An end offset only grows by records written, whatever retention or DeleteRecords does to the log's start, so
 * its growth is what was written. Asking is not part of the run: a cluster that does not answer costs the check, with
 * a line saying so, never the run.
 */
final class BrokerOffsets {
    /** A broker whose metadata is behind answers that a topic created a moment ago is unknown: asked again until then. */
    private static final long WAIT_SEC = 30;
    private static final long RETRY_MILLIS = 200;

    private final Admin admin;
    private final String topic;
    private final int partitions;
    private final PrintStream out;
    private final long before;

    private BrokerOffsets(Admin admin, String topic, int partitions, PrintStream out, long before) {
        this.admin = admin;
        this.topic = topic;
        this.partitions = partitions;
        this.out = out;
        this.before = before;
    }

    /** The end offsets of {@code topic}'s {@code partitions} now, or null (said on {@code out}) when none came. */
    static BrokerOffsets mark(Admin admin, String topic, int partitions, PrintStream out) {
        try {
            return new BrokerOffsets(admin, topic, partitions, out, endOffsets(admin, topic, partitions));
        } catch (KafkaException | ExecutionException | TimeoutException e) {
            out.println("broker check: not made, the end offsets of " + topic + " could not be read: " + reason(e));
            return null;
        }
    }

    /** The growth since {@link #mark} against the {@code acknowledged} records, or null when the brokers did not say. */
    BrokerCheck check(long acknowledged) {
        try {
            return BrokerCheck.of(acknowledged, endOffsets(admin, topic, partitions) - before);
        } catch (KafkaException | ExecutionException | TimeoutException e) {
            out.println("broker check: not made, the end offsets of " + topic + " could not be read: " + reason(e));
            return null;
        }
    }

    private static long endOffsets(Admin admin, String topic, int partitions)
            throws ExecutionException, TimeoutException {
        Map<TopicPartition, OffsetSpec> latest = IntStream.range(0, partitions).boxed()
                .collect(Collectors.toMap(p -> new TopicPartition(topic, p), p -> OffsetSpec.latest()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SEC);
        while (true) {
            try {
                return admin.listOffsets(latest).all().get(WAIT_SEC, TimeUnit.SECONDS).values().stream()
                        .mapToLong(info -> info.offset()).sum();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
                    throw e;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TimeoutException("interrupted");
            }
            StopSignal.sleep(RETRY_MILLIS);
        }
    }

    private static String reason(Exception e) {
        Function<Throwable, String> text = t -> t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return e instanceof ExecutionException && e.getCause() != null ? text.apply(e.getCause()) : text.apply(e);
    }
}
