package io.kbench.load;

import io.kbench.error.RunFailedException;
import io.kbench.measure.LatencyMetric;
import io.kbench.measure.ShareLatencies;
import io.kbench.result.run.ShareStats;
import io.kbench.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaException;

/**
 * What only a share group (consumers.mode share) has: its configuration, its consumers (counted in the run's
 * {@link ConsumerFleet}), the wait until every partition has a start offset, and the group's figures.
 */
final class ShareGroupConsumers {
    private final LoadRun run;
    private final WorkloadSpec spec;
    private final String group;
    private final ConsumerFleet fleet;
    private final List<ShareConsumerWorker> workers = new ArrayList<>();
    private final ShareLatencies latencies = new ShareLatencies();
    /** The group's delivery limit, once it is configured. */
    private int deliveryCountLimit = ShareGroupSetup.KAFKA_DEFAULT_DELIVERY_COUNT_LIMIT;
    /** The run's admin client (it waits for the group to be ready), once configured. */
    private Admin admin;

    /** The share group of {@code run}; its consumers are counted in {@code fleet}. */
    ShareGroupConsumers(LoadRun run, ConsumerFleet fleet) {
        this.run = run;
        this.spec = run.spec();
        this.group = run.consumerGroup();
        this.fleet = fleet;
    }

    /** Sets the group's configuration through {@code runAdmin}, which also serves the wait for readiness. */
    void configure(Admin runAdmin) {
        deliveryCountLimit = ShareGroupSetup.configure(runAdmin, group, spec.consumers().shareOrDefaults());
        admin = runAdmin;
    }

    /** Creates and starts the share consumers; returns their threads. */
    List<Thread> start() {
        String ackMode = spec.consumers().shareOrDefaults().acknowledgement().property();
        for (int i = 0; i < spec.consumers().count(); i++) {
            try {
                ShareConsumerWorker w = new ShareConsumerWorker(run,
                        run.clients().shareConsumer(spec.consumers().properties(), group, ackMode, i),
                        deliveryCountLimit, latencies, spec.producers().payload().seed() * 31 + i);
                workers.add(w);
                fleet.enlist(w);
            } catch (KafkaException e) {
                throw ClientFailure.of(e);
            }
        }
        return fleet.start(workers, 0, "kbench-share-consumer-");
    }

    /** Like awaiting the assignment for a consumer group: producers start once every partition has a start offset. */
    void awaitReady(int partitions) {
        StopSignal stop = run.stop();
        boolean ready = ShareGroupSetup.awaitInitialized(admin, group, spec.topic().name(), partitions,
                ConsumerFleet.ASSIGNMENT_TIMEOUT, () -> stop.requested() || workers.stream().anyMatch(c -> c.failure() != null));
        Throwable f = workers.stream().map(ConsumerLoop::failure).filter(x -> x != null).findFirst().orElse(null);
        if (f != null) {
            throw new RunFailedException("share consumer failed: " + f.getMessage(), f);
        }
        if (!ready && !stop.requested()) {
            run.out().println("share group " + group + ": not every partition of " + spec.topic().name()
                    + " was initialized within " + ConsumerFleet.ASSIGNMENT_TIMEOUT.toSeconds()
                    + " s; starting the producers anyway");
        }
    }

    /** The share group's figures, or null when no share consumer ran; call after the consumers stopped. */
    ShareStats stats() {
        if (workers.isEmpty()) {
            return null;
        }
        long first = workers.stream().mapToLong(ConsumerLoop::firstRecordNanos).min().orElse(Long.MAX_VALUE);
        long last = workers.stream().mapToLong(ConsumerLoop::lastRecordNanos).max().orElse(Long.MIN_VALUE);
        long window = first == Long.MAX_VALUE || last == Long.MIN_VALUE ? 0 : Math.max(0, last - first);
        return ShareTotals.of(spec.consumers().shareOrDefaults().acknowledgement(), deliveryCountLimit,
                workers.stream().map(ShareConsumerWorker::tally).toList(), window, latencies,
                run.metrics().latency(LatencyMetric.END_TO_END).totalStats());
    }
}
