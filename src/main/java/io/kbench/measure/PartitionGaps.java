package io.kbench.measure;

import io.kbench.result.run.LatencyStats;
import io.kbench.result.run.PartitionGap;
import io.kbench.result.run.RebalanceWindow;
import io.kbench.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * Per partition, the longest pause between two polls that returned its records and the highest end-to-end latency,
 * over a window that {@link #takeWindow} closes (at each consumer change). Consumers write it once per partition per
 * poll, lock-free; a partition that moves to another consumer keeps its last time, so the pause a rebalance causes
 * is the gap from the old owner's last poll to the new owner's first.
 */
public final class PartitionGaps {
    private static final long NONE = Long.MIN_VALUE;
    private final AtomicLongArray lastNanos;
    private final AtomicLongArray maxGapNanos;
    private final AtomicLongArray maxLatencyMicros;
    private final AtomicLongArray polls;

    public PartitionGaps(int partitions) {
        lastNanos = new AtomicLongArray(partitions);
        maxGapNanos = new AtomicLongArray(partitions);
        maxLatencyMicros = new AtomicLongArray(partitions);
        polls = new AtomicLongArray(partitions);
        for (int p = 0; p < partitions; p++) {
            lastNanos.set(p, NONE);
        }
    }

    /** A poll returned records of {@code partition} at {@code nowNanos}, the latest {@code latencyMicros} late. */
    public void polled(int partition, long nowNanos, long latencyMicros) {
        if (partition < 0 || partition >= lastNanos.length()) {
            return;
        }
        long previous = lastNanos.getAndSet(partition, nowNanos);
        if (previous != NONE) {
            raise(maxGapNanos, partition, nowNanos - previous);
        }
        raise(maxLatencyMicros, partition, latencyMicros);
        polls.incrementAndGet(partition);
    }

    /**
     * Closes the current window and starts the next: the figures of every partition polled in it (gaps ending in it),
     * with {@code atSec}..{@code endSec}, {@code delta} and {@code consumersAfter} describing the window.
     */
    public RebalanceWindow takeWindow(double atSec, double endSec, int delta, int consumersAfter) {
        List<PartitionGap> partitions = new ArrayList<>();
        Histogram gaps = LatencyRecorder.newHistogram();
        Histogram spikes = LatencyRecorder.newHistogram();
        for (int p = 0; p < lastNanos.length(); p++) {
            long count = polls.getAndSet(p, 0);
            long gap = Units.micros(maxGapNanos.getAndSet(p, 0));
            long spike = maxLatencyMicros.getAndSet(p, 0);
            if (count == 0) {
                continue;
            }
            partitions.add(new PartitionGap(p, gap, spike));
            gaps.recordValue(clamp(gap));
            spikes.recordValue(clamp(spike));
        }
        return new RebalanceWindow(atSec, endSec, delta, consumersAfter, statsOf(gaps), statsOf(spikes), partitions);
    }

    private static LatencyStats statsOf(Histogram h) {
        return LatencySeries.stats(h);
    }

    private static long clamp(long micros) {
        return Math.max(0, Math.min(micros, LatencyRecorder.HIGHEST_TRACKABLE_MICROS));
    }

    private static void raise(AtomicLongArray array, int index, long value) {
        long current = array.get(index);
        while (value > current && !array.compareAndSet(index, current, value)) {
            current = array.get(index);
        }
    }
}
