package io.kbench.fault;

import io.kbench.cluster.EmbeddedCluster;
import io.kbench.spec.MetadataFinalize;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The metadata.version side of a roll to another release (KIP-778): read when the roll starts, finalized to the newest
 * level the brokers support once every one of them runs the new release (the second step of Kafka's rolling upgrade,
 * {@code roll.finalize}), and read again when the roll ends. Written by the roll's thread, read after the roll ended.
 */
final class RollMetadata {
    private final RollAdmin admin;
    private final EmbeddedCluster cluster;
    private final FaultClock clock;
    private volatile String before;
    private volatile String after;
    private volatile Long finalizedNanos;

    RollMetadata(RollAdmin admin, EmbeddedCluster cluster, FaultClock clock) {
        this.admin = admin;
        this.cluster = cluster;
        this.clock = clock;
    }

    /** Reads the metadata.version the roll starts from. */
    void started() {
        before = current();
    }

    /**
     * The roll's steps are over: with {@link MetadataFinalize#FINALIZE} and every step done ({@code stepsError} null),
     * finalize, then read what the roll leaves. Returns why the roll did not complete ({@code stepsError}, or why
     * finalizing failed), or null.
     */
    String ended(String stepsError, MetadataFinalize finalize, boolean runEnded, Consumer<String> say,
                 Function<Long, String> at) {
        String error = stepsError;
        if (error == null && finalize == MetadataFinalize.FINALIZE) {
            error = runEnded ? "the run ended before metadata.version was finalized" : raise(say, at);
        }
        // Read, not assumed: a roll that stopped part-way leaves the metadata.version it had, a refused finalize too.
        after = current();
        return error;
    }

    private String raise(Consumer<String> say, Function<Long, String> at) {
        try {
            short level = admin.finalizeMetadata();
            finalizedNanos = clock.nanoTime();
            say.accept(String.format(Locale.ROOT, ": metadata.version %s -> %s, finalized at %s", before,
                    cluster.metadataVersionName(level), at.apply(finalizedNanos)));
            return null;
        } catch (RuntimeException e) {
            String error = "finalizing metadata.version failed: " + e.getMessage();
            say.accept(": " + error);
            return error;
        }
    }

    /** The finalized metadata.version by name ({@code 4.3-IV0}); null when it cannot be read. */
    private String current() {
        return admin.metadataLevel().map(cluster::metadataVersionName).orElse(null);
    }

    String before() {
        return before;
    }

    String after() {
        return after;
    }

    /** When the finalized level read back, on the run's axis from {@code zeroNanos}; null when it was not finalized. */
    Double finalizedSec(long zeroNanos) {
        Long at = finalizedNanos;
        return at == null ? null : Math.round((at - zeroNanos) / 1e6) / 1000.0;
    }
}
