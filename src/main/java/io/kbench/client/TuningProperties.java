package io.kbench.client;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The client properties a distributed run's workload may set on the workers' producers and consumers: tuning only.
 * A worker applies the workload's properties after its own connection settings, so anything else in a plan could
 * point it at another cluster, loosen its TLS, load a class, or read a file on its host: connection, security,
 * class-loading and file-naming properties ({@code bootstrap.servers}, {@code security.protocol}, {@code ssl.*},
 * {@code sasl.*}, {@code *.class(es)}, {@code metric.reporters}, ...) are refused, and so is any property not listed
 * here (an allow-list: a property Kafka adds later is refused until it is looked at). docs/distributed.md lists them.
 */
public final class TuningProperties {
    /** Properties both clients take. */
    private static final Set<String> COMMON = Set.of("client.rack", "request.timeout.ms", "retry.backoff.ms",
            "retry.backoff.max.ms", "reconnect.backoff.ms", "reconnect.backoff.max.ms", "send.buffer.bytes",
            "receive.buffer.bytes", "metadata.max.age.ms", "connections.max.idle.ms",
            "socket.connection.setup.timeout.ms", "socket.connection.setup.timeout.max.ms");

    /** The producer's tuning: batching, compression, acknowledgements, ordering, timeouts, memory. */
    public static final Set<String> PRODUCER = union(COMMON, Set.of("acks", "linger.ms", "batch.size", "compression.type",
            "compression.gzip.level", "compression.lz4.level", "compression.zstd.level", "buffer.memory",
            "max.in.flight.requests.per.connection", "enable.idempotence", "max.request.size", "delivery.timeout.ms",
            "retries", "max.block.ms", "partitioner.ignore.keys", "partitioner.adaptive.partitioning.enable",
            "partitioner.availability.timeout.ms", "metadata.max.idle.ms", "transaction.timeout.ms"));

    /** The consumer's tuning: fetch sizes and waits, polling, group timing, offsets, isolation. */
    public static final Set<String> CONSUMER = union(COMMON, Set.of("fetch.min.bytes", "fetch.max.bytes",
            "fetch.max.wait.ms", "max.partition.fetch.bytes", "max.poll.records", "max.poll.interval.ms",
            "session.timeout.ms", "heartbeat.interval.ms", "auto.offset.reset", "enable.auto.commit",
            "auto.commit.interval.ms", "isolation.level", "check.crcs", "default.api.timeout.ms", "group.protocol",
            "group.remote.assignor", "allow.auto.create.topics"));

    private TuningProperties() {
    }

    /** The names in {@code properties} that are not in {@code allowed}, sorted; empty when all may be set. */
    public static Set<String> refused(Map<String, String> properties, Set<String> allowed) {
        Set<String> refused = new TreeSet<>(properties.keySet());
        refused.removeAll(allowed);
        return refused;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
