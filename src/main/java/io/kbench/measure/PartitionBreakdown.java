package io.kbench.measure;

import io.kbench.result.run.ConsumerStats;
import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.LoadBreakdown;
import io.kbench.result.run.PartitionLatency;
import io.kbench.result.run.PartitionStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

/**
 * Measured records and one latency histogram per partition, recorded by producer I/O threads and consumer threads
 * without locks (atomic counters, wait-free {@link AtomicHistogram}s). Memory is bounded: a histogram of 2 significant
 * digits (about 27 KB) per partition that had a record, and none beyond {@link #MAX_LATENCY_PARTITIONS}.
 */
public final class PartitionBreakdown {
    /** Partitions with a latency histogram; beyond them only counts are kept (about 270 MB at most). */
    public static final int MAX_LATENCY_PARTITIONS = 10_000;
    /** Two digits (1% resolution) tell a hot partition from a cold one at a fraction of the headline's memory. */
    static final int SIGNIFICANT_DIGITS = 2;

    private final int partitions;
    private final PartitionLatency latencyKind;
    private final AtomicLongArray produced;
    private final AtomicLongArray consumed;
    private final AtomicReferenceArray<AtomicHistogram> latency;
    private final boolean consumers;

    /**
     * {@code partitions} 0 keeps no per-partition figures (consumers reading by topic pattern); {@code latencyKind}
     * says which latency the histograms hold; {@code consumers} whether consumed counts are kept.
     */
    public PartitionBreakdown(int partitions, PartitionLatency latencyKind, boolean consumers) {
        this.partitions = partitions;
        this.latencyKind = latencyKind;
        this.consumers = consumers;
        this.produced = new AtomicLongArray(partitions);
        this.consumed = new AtomicLongArray(consumers ? partitions : 0);
        this.latency = new AtomicReferenceArray<>(Math.min(partitions, MAX_LATENCY_PARTITIONS));
    }

    public PartitionLatency latencyKind() {
        return latencyKind;
    }

    /** A measured record acknowledged on {@code partition}; its publish latency counts when that is the kind kept. */
    public void produced(int partition, long publishLatencyMicros) {
        if (partition < 0 || partition >= partitions) {
            return; // a partition added during the run: not in the breakdown
        }
        produced.incrementAndGet(partition);
        if (latencyKind == PartitionLatency.PUBLISH) {
            record(partition, publishLatencyMicros);
        }
    }

    /** A measured record consumed from {@code partition}, with its end-to-end latency or -1 for none. */
    public void consumed(int partition, long endToEndLatencyMicros) {
        if (!consumers || partition < 0 || partition >= partitions) {
            return;
        }
        consumed.incrementAndGet(partition);
        if (latencyKind == PartitionLatency.END_TO_END && endToEndLatencyMicros >= 0) {
            record(partition, endToEndLatencyMicros);
        }
    }

    /** {@code count} measured records consumed from {@code partition}, without end-to-end latency. */
    public void consumedMany(int partition, long count) {
        if (!consumers || partition < 0 || partition >= partitions || count <= 0) {
            return;
        }
        consumed.addAndGet(partition, count);
    }

    private void record(int partition, long micros) {
        if (partition >= latency.length()) {
            return;
        }
        AtomicHistogram h = latency.get(partition);
        if (h == null) {
            // Once per partition: the first record's thread creates it; a racing thread uses the winner's.
            latency.compareAndSet(partition, null, newHistogram());
            h = latency.get(partition);
        }
        h.recordValue(clamp(micros));
    }

    static AtomicHistogram newHistogram() {
        return new AtomicHistogram(1, LatencyRecorder.HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    static long clamp(long micros) {
        return micros < 0 ? 0 : Math.min(micros, LatencyRecorder.HIGHEST_TRACKABLE_MICROS);
    }

    /** The figures for result.json, with {@code consumers}' own ones; call once the workers have stopped. */
    public LoadBreakdown result(List<ConsumerTally> consumerTallies, double consumeWindowSec) {
        List<PartitionStats> rows = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            AtomicHistogram h = p < latency.length() ? latency.get(p) : null;
            rows.add(new PartitionStats(p, produced.get(p), consumers ? consumed.get(p) : null, h == null ? null : stats(h)));
        }
        List<ConsumerStats> perConsumer = new ArrayList<>(consumerTallies.size());
        for (ConsumerTally t : consumerTallies) {
            perConsumer.add(t.stats(consumeWindowSec));
        }
        return new LoadBreakdown(latencyKind, rows, perConsumer);
    }

    static LatencyStats stats(Histogram h) {
        return LatencySeries.stats(h);
    }
}
