package io.kbench.measure;

import io.kbench.result.run.LatencyStats;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The records whose intended send time falls inside a fault's window: their publish latency and how many failed.
 * Producers report every measured completion here; with no window open that costs one volatile read, and with windows
 * open a comparison per window. Nothing is allocated or locked per record.
 */
public final class FaultWindows {
    /** More faults than this in one run are not tracked (the rest report no window figures). */
    public static final int MAX_WINDOWS = 64;

    private final AtomicLongArray starts = new AtomicLongArray(MAX_WINDOWS);
    private final AtomicLongArray ends = new AtomicLongArray(MAX_WINDOWS);
    private final AtomicLongArray failures = new AtomicLongArray(MAX_WINDOWS);
    private final LatencyRecorder[] latencies = new LatencyRecorder[MAX_WINDOWS];
    private final AtomicInteger opened = new AtomicInteger();

    public FaultWindows() {
        // Recorders are made when a window opens: a run without faults pays nothing for them.
    }

    /** Opens a window at {@code startNanos} (producer clock); returns its index, or -1 when all are in use. */
    public synchronized int open(long startNanos) {
        int i = opened.get();
        if (i >= MAX_WINDOWS) {
            return -1;
        }
        latencies[i] = new LatencyRecorder();
        starts.set(i, startNanos);
        ends.set(i, Long.MAX_VALUE);
        // Published last: a producer that sees the count sees the bounds.
        opened.set(i + 1);
        return i;
    }

    /** Ends window {@code index} at {@code endNanos}: later sends no longer count. The first close wins. */
    public void close(int index, long endNanos) {
        if (index >= 0) {
            ends.compareAndSet(index, Long.MAX_VALUE, endNanos);
        }
    }

    /** A measured record sent (intended) at {@code intendedNanos} was acknowledged after {@code latencyMicros}. */
    public void acknowledged(long intendedNanos, long latencyMicros) {
        int n = opened.get();
        for (int i = 0; i < n; i++) {
            if (intendedNanos >= starts.get(i) && intendedNanos < ends.get(i)) {
                latencies[i].recordMicros(latencyMicros);
            }
        }
    }

    /** A measured record sent (intended) at {@code intendedNanos} failed. */
    public void failed(long intendedNanos) {
        int n = opened.get();
        for (int i = 0; i < n; i++) {
            if (intendedNanos >= starts.get(i) && intendedNanos < ends.get(i)) {
                failures.incrementAndGet(i);
            }
        }
    }

    /** Publish latency of the acknowledged records sent in window {@code index}, so far. */
    public LatencyStats latency(int index) {
        return LatencySeries.stats(latencies[index].takeInterval(null));
    }

    /** Failed records sent in window {@code index}, so far. */
    public long failures(int index) {
        return failures.get(index);
    }
}
