package io.kbench.measure;

import io.kbench.result.run.LatencyStats;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * The records whose intended send time falls inside a window of the run (a fault's, a rate stage's): their publish and
 * end-to-end latency and how many failed; and, by acknowledgement time, how many were acknowledged inside it (the rate
 * the window achieved).
 * Producers report every measured completion here, consumers every measured record they stamp; with no window open
 * that costs one volatile read, and with windows open a comparison or two per window. Nothing is allocated or locked
 * per record.
 */
public final class SendWindows {
    /** More windows than this in one run are not tracked (the rest report no window figures). */
    public static final int MAX_WINDOWS = 64;

    private final AtomicLongArray starts = new AtomicLongArray(MAX_WINDOWS);
    private final AtomicLongArray ends = new AtomicLongArray(MAX_WINDOWS);
    private final AtomicLongArray failures = new AtomicLongArray(MAX_WINDOWS);
    private final AtomicLongArray acknowledged = new AtomicLongArray(MAX_WINDOWS);
    private final LatencyRecorder[] latencies = new LatencyRecorder[MAX_WINDOWS];
    private final LatencyRecorder[] endToEnd = new LatencyRecorder[MAX_WINDOWS];
    private final AtomicInteger opened = new AtomicInteger();
    /** Told each window's opening and (first) close: a driver process that counts its own records into them. */
    private final List<Observer> observers = new CopyOnWriteArrayList<>();

    /** Hears the windows of a run whose records another process counts (a driver's, docs/drivers.md). */
    public interface Observer {
        void opened(int index, long startNanos);

        void closed(int index, long endNanos);
    }

    public SendWindows() {
        // Recorders are made when a window opens: a run without faults pays nothing for them.
    }

    /** Opens a window at {@code startNanos} (producer clock); returns its index, or -1 when all are in use. */
    public synchronized int open(long startNanos) {
        int i = opened.get();
        if (i >= MAX_WINDOWS) {
            return -1;
        }
        latencies[i] = new LatencyRecorder();
        endToEnd[i] = new LatencyRecorder();
        starts.set(i, startNanos);
        ends.set(i, Long.MAX_VALUE);
        // Published last: a producer that sees the count sees the bounds.
        opened.set(i + 1);
        observers.forEach(o -> o.opened(i, startNanos));
        return i;
    }

    /** Ends window {@code index} at {@code endNanos}: later sends no longer count. The first close wins. */
    public void close(int index, long endNanos) {
        if (index >= 0 && ends.compareAndSet(index, Long.MAX_VALUE, endNanos)) {
            observers.forEach(o -> o.closed(index, endNanos));
        }
    }

    /**
     * From now on tells {@code observer} each window that opens or closes; the windows already opened (and closed) are
     * told at once, in order.
     */
    public synchronized void observe(Observer observer) {
        observers.add(observer);
        for (int i = 0; i < opened.get(); i++) {
            observer.opened(i, starts.get(i));
            if (ends.get(i) != Long.MAX_VALUE) {
                observer.closed(i, ends.get(i));
            }
        }
    }

    /**
     * Adds what a driver process counted into window {@code index} itself: the publish latency of its measured records
     * intended inside the window, microseconds, how many of them failed, and how many measured records it saw
     * acknowledged inside the window by acknowledgement time (as {@link #acknowledged} counts them). Ignored for a
     * window never opened.
     */
    public void addCounted(int index, Histogram publishMicros, long failed, long acknowledgedInside) {
        if (index < 0 || index >= opened.get()) {
            return;
        }
        latencies[index].add(publishMicros);
        failures.addAndGet(index, failed);
        acknowledged.addAndGet(index, acknowledgedInside);
    }

    /** A measured record sent (intended) at {@code intendedNanos} was acknowledged after {@code latencyMicros}. */
    public void acknowledged(long intendedNanos, long latencyMicros) {
        int n = opened.get();
        if (n == 0) {
            return;
        }
        long ackNanos = intendedNanos + latencyMicros * 1_000;
        for (int i = 0; i < n; i++) {
            long start = starts.get(i);
            long end = ends.get(i);
            if (intendedNanos >= start && intendedNanos < end) {
                latencies[i].recordMicros(latencyMicros);
            }
            if (ackNanos >= start && ackNanos < end) {
                acknowledged.incrementAndGet(i);
            }
        }
    }

    /** A consumer received a measured record sent (intended) at {@code intendedNanos}, {@code latencyMicros} later. */
    public void endToEnd(long intendedNanos, long latencyMicros) {
        int n = opened.get();
        for (int i = 0; i < n; i++) {
            if (intendedNanos >= starts.get(i) && intendedNanos < ends.get(i)) {
                endToEnd[i].recordMicros(latencyMicros);
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

    /** How many windows were opened. */
    public int opened() {
        return opened.get();
    }

    /** Where window {@code index} starts and ends (producer clock; Long.MAX_VALUE while open). */
    public long startNanos(int index) {
        return starts.get(index);
    }

    public long endNanos(int index) {
        return ends.get(index);
    }

    /** Publish latency of the acknowledged records sent in window {@code index}, so far. */
    public LatencyStats latency(int index) {
        return LatencySeries.stats(latencies[index].takeInterval(null));
    }

    /** End-to-end latency of the records sent in window {@code index} and consumed so far; count 0 without consumers. */
    public LatencyStats endToEndLatency(int index) {
        return LatencySeries.stats(endToEnd[index].takeInterval(null));
    }

    /** Measured records acknowledged (by their acknowledgement time) inside window {@code index}, so far. */
    public long acknowledgedIn(int index) {
        return acknowledged.get(index);
    }

    /** Failed records sent in window {@code index}, so far. */
    public long failures(int index) {
        return failures.get(index);
    }
}
