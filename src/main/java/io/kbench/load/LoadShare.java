package io.kbench.load;

import io.kbench.measure.IntervalSink;
import java.util.Objects;

/**
 * One process's share of a workload that several processes run together (a distributed run): which of the
 * workload's producer and consumer threads it runs, on which clock, and how it meets the others. Producer thread
 * {@code g} of the whole workload keeps the rate, schedule phase, record share and payload seed it has in a single
 * process, so the merged schedule is exactly the single-process one.
 *
 * @param producerFirst the workload-wide index of this share's first producer thread
 * @param producerCount how many producer threads this share runs
 * @param consumerFirst the workload-wide index of this share's first consumer
 * @param consumerCount how many consumers this share runs
 * @param partitions    the topic's partition count (the coordinator prepared the topic)
 * @param stampMagic    the run's stamp number, common to all shares so every consumer recognises every record
 * @param clock         the shared clock (the cluster's, corrected by this process's offset): stamps and the common
 *                      start time mean the same instant in every share
 * @param coordination  the barriers with the other shares
 * @param sink          receives each closed interval with its histograms
 */
public record LoadShare(int producerFirst, int producerCount, int consumerFirst, int consumerCount, int partitions,
                        int stampMagic, NanoClock clock, ShareCoordination coordination, IntervalSink sink) {
    public LoadShare {
        if (producerFirst < 0 || producerCount < 0 || consumerFirst < 0 || consumerCount < 0 || partitions < 0) {
            throw new IllegalArgumentException("negative share: producers " + producerFirst + "+" + producerCount
                    + ", consumers " + consumerFirst + "+" + consumerCount + ", partitions " + partitions);
        }
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(coordination, "coordination");
        Objects.requireNonNull(sink, "sink");
    }

    /** Splits {@code total} threads over {@code parts} shares: share {@code index}'s count (the first ones get one more). */
    public static int count(int total, int parts, int index) {
        return total / parts + (index < total % parts ? 1 : 0);
    }

    /** The workload-wide index of share {@code index}'s first thread when {@code total} are split over {@code parts}. */
    public static int first(int total, int parts, int index) {
        int first = 0;
        for (int i = 0; i < index; i++) {
            first += count(total, parts, i);
        }
        return first;
    }
}
