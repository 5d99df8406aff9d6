package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;

/**
 * What a reassign or remove-broker fault moved, and how long it took (docs/reassignment.md).
 *
 * @param partitions          partitions whose replicas changed (every topic's, for remove-broker)
 * @param replicasAdded       replicas created on brokers that did not hold them
 * @param toBrokers           the brokers that received replicas
 * @param movedSec            seconds from the fault's start until listPartitionReassignments was empty; null: still
 *                            moving at the end of the run
 * @param bytesMoved          bytes: the sum of the added replicas' log sizes (Admin describeLogDirs) when the move
 *                            completed, which includes what was produced to them during the move; null when not
 *                            completed or not readable
 * @param throttleBytesPerSec the replication throttle applied while moving, bytes/s; null: none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReassignmentFigures(int partitions, int replicasAdded, List<Integer> toBrokers, Double movedSec,
                                  Long bytesMoved, Long throttleBytesPerSec) {
    public ReassignmentFigures {
        toBrokers = toBrokers == null ? null : List.copyOf(toBrokers);
    }

    /** The terminal line's part: {@code moved 3 partitions (3 replicas to broker 4, 1.2 MiB) in 2.1 s}. */
    public String line() {
        String what = String.format(Locale.ROOT, "%d partition%s (%d replica%s to broker%s %s%s)", partitions,
                partitions == 1 ? "" : "s", replicasAdded, replicasAdded == 1 ? "" : "s",
                toBrokers != null && toBrokers.size() == 1 ? "" : "s",
                toBrokers == null ? "-" : toBrokers.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse("-"),
                bytesMoved == null ? "" : String.format(Locale.ROOT, ", %.1f MiB", bytesMoved / 1048576.0));
        String throttle = throttleBytesPerSec == null ? ""
                : String.format(Locale.ROOT, ", throttled to %.1f MiB/s", throttleBytesPerSec / 1048576.0);
        return movedSec == null ? "still moving " + what + " at the end of the run" + throttle
                : String.format(Locale.ROOT, "moved %s in %.1f s%s", what, movedSec, throttle);
    }
}
