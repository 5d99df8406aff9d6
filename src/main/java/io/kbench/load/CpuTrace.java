package io.kbench.load;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One process's CPU time (user plus system) read at moments on the run's clock, so that the CPU it spent over a side's
 * measured window can be told once the window is known: kbench's own JVM is read at the start and at each interval's
 * end ({@link #jvm}), a driver by the cumulative figure on each interval line it writes. Thread-safe.
 */
final class CpuTrace {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** Readings in time order: {nanos, cpuNanos}; guarded by this. */
    private final List<long[]> readings = new ArrayList<>();

    /** Adds a reading: at {@code nanos} on the run's clock the process had used {@code cpuNanos} of CPU so far. */
    synchronized void add(long nanos, long cpuNanos) {
        if (cpuNanos < 0 || !readings.isEmpty() && nanos <= readings.get(readings.size() - 1)[0]) {
            return; // no reading on this platform (-1), or one out of order: the trace keeps what it can interpolate
        }
        readings.add(new long[] {nanos, cpuNanos});
    }

    /** Reads kbench's own JVM now, at {@code nanos} on the run's clock. */
    void readJvm(long nanos) {
        add(nanos, OS.getProcessCpuTime());
    }

    /**
     * The CPU used from {@code fromNanos} to {@code toNanos}, nanoseconds: linear between the readings around each end,
     * and beyond the first or last reading at the rate of the nearest two (a window starts before a driver's first
     * interval line when there is no warm-up). Empty with fewer than two readings or an empty window.
     */
    synchronized OptionalLong between(long fromNanos, long toNanos) {
        if (readings.size() < 2 || toNanos <= fromNanos) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(0, Math.round(at(toNanos) - at(fromNanos))));
    }

    private double at(long nanos) {
        int i = 1;
        while (i < readings.size() - 1 && readings.get(i)[0] < nanos) {
            i++;
        }
        long[] a = readings.get(i - 1);
        long[] b = readings.get(i);
        double rate = (double) (b[1] - a[1]) / (b[0] - a[0]);
        return Math.max(0, a[1] + rate * (nanos - a[0]));
    }
}
