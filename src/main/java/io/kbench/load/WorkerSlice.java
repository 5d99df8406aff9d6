package io.kbench.load;

import io.kbench.measure.IntervalSink;
import java.util.Objects;

/**
 * One process's slice of a workload that several processes run together (a distributed run): which of the
 * workload's producer and consumer threads it runs, on which clock, and how it meets the others. Producer thread
 * {@code g} of the whole workload keeps the rate, schedule phase, record slice and payload seed it has in a single
 * process, so the merged schedule is exactly the single-process one.
 *
 * @param producerFirst the workload-wide index of this slice's first producer thread
 * @param producerCount how many producer threads this slice runs
 * @param consumerFirst the workload-wide index of this slice's first consumer
 * @param consumerCount how many consumers this slice runs
 * @param partitions    the topic's partition count (the coordinator prepared the topic)
 * @param stampMagic    the run's stamp number, common to all slices so every consumer recognises every record
 * @param clock         the shared clock (the cluster's, corrected by this process's offset): stamps and the common
 *                      start time mean the same instant in every slice
 * @param coordination  the barriers with the other slices
 * @param sink          receives each closed interval with its histograms
 */
public record WorkerSlice(int producerFirst, int producerCount, int consumerFirst, int consumerCount, int partitions,
                        int stampMagic, NanoClock clock, SliceCoordination coordination, IntervalSink sink) {
    public WorkerSlice {
        if (producerFirst < 0 || producerCount < 0 || consumerFirst < 0 || consumerCount < 0 || partitions < 0) {
            throw new IllegalArgumentException("negative slice: producers " + producerFirst + "+" + producerCount
                    + ", consumers " + consumerFirst + "+" + consumerCount + ", partitions " + partitions);
        }
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(coordination, "coordination");
        Objects.requireNonNull(sink, "sink");
    }

    /** Splits {@code total} threads over {@code parts} slices: slice {@code index}'s count (the first ones get one more). */
    public static int count(int total, int parts, int index) {
        return (int) EvenSplit.portion(total, parts, index);
    }

    /** The workload-wide index of slice {@code index}'s first thread when {@code total} are split over {@code parts}. */
    public static int first(int total, int parts, int index) {
        int first = 0;
        for (int i = 0; i < index; i++) {
            first += count(total, parts, i);
        }
        return first;
    }
}
