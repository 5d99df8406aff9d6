package io.kbench.client;

import io.kbench.error.InvalidInputException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The largest value a distributed run's workload may give each sizing and timing property of {@link TuningProperties}.
 * A plan comes from whoever holds the control key (or anyone, under {@code --insecure-control}), and its values are
 * allocated or waited for on the worker's host: a {@code batch.size} of 2 GiB is one allocation of 2 GiB per batch, a
 * {@code buffer.memory} of 64 GiB lets a producer hold that much, a {@code max.block.ms} of years keeps a send waiting
 * after the run. Each bound is far above Kafka's default and what tuning studies set (Kafka's defaults: buffer.memory
 * 32 MiB, batch.size 16 KiB, max.request.size 1 MiB, fetch.max.bytes 50 MiB), so a real experiment fits. Values are
 * read as Kafka reads INT and LONG settings: a whole number, surrounding blanks ignored. A property not listed here
 * has no bound of kbench's (Kafka's own validators still apply: {@code compression.zstd.level}, {@code acks}).
 */
public final class TuningBounds {
    private static final long MIB = 1024L * 1024;
    /** Every {@code *.ms} tuning property: no plan keeps a worker's client waiting, or its state alive, past an hour. */
    static final Bound MILLIS = new Bound(3_600_000L, "1 h");

    /** The byte bounds by property name; {@code *.ms} properties are {@link #MILLIS}. docs/distributed.md lists them. */
    private static final Map<String, Bound> BYTES = Map.of(
            "buffer.memory", new Bound(256 * MIB, "256 MiB"),
            "batch.size", new Bound(16 * MIB, "16 MiB"),
            "max.request.size", new Bound(16 * MIB, "16 MiB"),
            "fetch.max.bytes", new Bound(64 * MIB, "64 MiB"),
            "fetch.min.bytes", new Bound(64 * MIB, "64 MiB"),
            "max.partition.fetch.bytes", new Bound(16 * MIB, "16 MiB"),
            "send.buffer.bytes", new Bound(16 * MIB, "16 MiB"),
            "receive.buffer.bytes", new Bound(16 * MIB, "16 MiB"));

    /**
     * Producer threads x {@code buffer.memory} on one worker: each producer may hold its whole buffer, so a plan that
     * gives one worker many producers multiplies the bound above. 4 GiB is 128 producers at Kafka's default buffer: S3's
     * recipes run 100 producers on each of 10 load hosts.
     */
    static final Bound SLICE_BUFFER = new Bound(4096 * MIB, "4 GiB");

    /** Producer and consumer threads one worker runs: each is a Kafka client with its own buffers and connections. */
    static final int SLICE_THREADS = 256;

    /**
     * One property's bound.
     *
     * @param max   the largest value allowed
     * @param shown the bound as a person reads it ({@code 256 MiB}, {@code 1 h})
     */
    record Bound(long max, String shown) {
        Bound {
            if (max <= 0) {
                throw new IllegalArgumentException("max must be > 0 (got " + max + ")");
            }
        }
    }

    private TuningBounds() {
    }

    /** The bound of {@code name}, if kbench has one. */
    static Optional<Bound> of(String name) {
        if (BYTES.containsKey(name)) {
            return Optional.of(BYTES.get(name));
        }
        return name.endsWith(".ms") ? Optional.of(MILLIS) : Optional.empty();
    }

    /** Every bounded name of {@code allowed}, sorted, with its bound: what docs/distributed.md's table shows. */
    static Map<String, Bound> all(Iterable<String> allowed) {
        Map<String, Bound> all = new TreeMap<>();
        for (String name : allowed) {
            of(name).ifPresent(b -> all.put(name, b));
        }
        return all;
    }

    /**
     * Throws an {@link InvalidInputException} naming {@code path.name}, the bound and the value of the first property
     * (by name) above its bound or not a whole number where a bound applies; {@code by}: who runs the workload. The
     * value is shown: every bounded name is a size or a time, never a secret.
     */
    public static void check(String path, Map<String, String> properties, String by) {
        for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
            Optional<Bound> bound = of(e.getKey());
            if (bound.isEmpty() || e.getValue() == null) {
                continue;
            }
            String field = path + "." + e.getKey();
            long value;
            try {
                value = Long.parseLong(e.getValue().strip());
            } catch (NumberFormatException notWhole) {
                throw InvalidInputException.field(field, e.getValue(), "must be a whole number");
            }
            if (value > bound.get().max()) {
                throw InvalidInputException.field(field, value, "at most " + bound.get().max() + " ("
                        + bound.get().shown() + ") for " + by
                        + ": each worker's host would allocate or wait for it (docs/distributed.md)");
            }
        }
    }

    /**
     * Throws an {@link InvalidInputException} when one worker's share of a run, {@code producers} producer and
     * {@code consumers} consumer threads, runs more than {@link #SLICE_THREADS} threads or its producers may together
     * hold more than {@link #SLICE_BUFFER}: each up to {@code buffer.memory} of {@code producerProperties}, or Kafka's
     * default (ProducerConfig) when it is not set. {@code slice} says whose share it is, {@code by} who runs it. Call it
     * after {@link #check}, which makes {@code buffer.memory} a whole number within its own bound.
     */
    public static void checkSlice(String slice, int producers, int consumers, Map<String, String> producerProperties,
                                  String by) {
        long threads = (long) producers + consumers;
        if (threads > SLICE_THREADS) {
            throw new InvalidInputException(slice + ": " + threads + " producer and consumer threads on one worker; at"
                    + " most " + SLICE_THREADS + " for " + by + " (add workers; docs/distributed.md)");
        }
        String given = producerProperties.get(ProducerConfig.BUFFER_MEMORY_CONFIG);
        long buffer = given == null ? ((Number) ProducerConfig.configDef().defaultValues()
                .get(ProducerConfig.BUFFER_MEMORY_CONFIG)).longValue() : Long.parseLong(given.strip());
        if (producers * buffer > SLICE_BUFFER.max()) {
            throw new InvalidInputException(slice + ": " + producers + " producer(s) x buffer.memory " + buffer
                    + (given == null ? " (Kafka's default)" : "") + " = " + producers * buffer + " bytes on one worker;"
                    + " at most " + SLICE_BUFFER.max() + " (" + SLICE_BUFFER.shown() + ") for " + by + " (lower"
                    + " producers.properties.buffer.memory or add workers; docs/distributed.md)");
        }
    }
}
