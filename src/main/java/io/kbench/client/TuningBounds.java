package io.kbench.client;

import io.kbench.error.InvalidInputException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

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
}
