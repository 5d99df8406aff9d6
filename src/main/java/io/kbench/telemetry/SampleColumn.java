package io.kbench.telemetry;

import java.util.Arrays;

/**
 * One series' samples by time, in two growing primitive arrays: 16 bytes a sample, where a {@code TreeMap<Double,
 * Double>} took about 88 (an entry and two boxed doubles). A run keeps every sample until its result is written, so this
 * is what a long run's memory grows by: in a 2-hour run about 48 series sampled every second (bench/long-run.sh found
 * the map's 18 MB after 70 minutes). Samples arrive in time order (one sampler thread, ticks from one clock), so a put
 * appends; an earlier time is inserted in place, and the same time replaces, as the map did.
 */
final class SampleColumn {
    private static final int INITIAL = 64;

    private double[] times = new double[INITIAL];
    private double[] values = new double[INITIAL];
    private int size;

    void put(double atSec, double value) {
        if (size > 0 && atSec <= times[size - 1]) {
            int at = Arrays.binarySearch(times, 0, size, atSec);
            if (at >= 0) {
                values[at] = value;
                return;
            }
            insert(-at - 1, atSec, value);
            return;
        }
        insert(size, atSec, value);
    }

    /** The value sampled at the latest time not after {@code atSec}, if that time is within {@code toleranceSec}. */
    Double near(double atSec, double toleranceSec) {
        int at = Arrays.binarySearch(times, 0, size, atSec + toleranceSec);
        int floor = at >= 0 ? at : -at - 2;
        return floor >= 0 && Math.abs(times[floor] - atSec) <= toleranceSec ? values[floor] : null;
    }

    int size() {
        return size;
    }

    private void insert(int index, double atSec, double value) {
        if (size == times.length) {
            int grown = size + (size >> 1);
            times = Arrays.copyOf(times, grown);
            values = Arrays.copyOf(values, grown);
        }
        System.arraycopy(times, index, times, index + 1, size - index);
        System.arraycopy(values, index, values, index + 1, size - index);
        times[index] = atSec;
        values[index] = value;
        size++;
    }
}
