package io.kbench.load.integrity;

import io.kbench.error.Checks;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the read-back learned besides the records themselves: how much it could not read, where each partition's log
 * started when it was read (records acknowledged below that offset were deleted by retention or DeleteRecords, not
 * lost), and the failures during the run that can cost acknowledged records.
 *
 * @param unread    records of the topic that could not be read back (0: all read)
 * @param logStarts each partition's log start offset at read-back, by partition number
 * @param failures  what happened during the run that lets the settings lose acknowledged records (a broker fault, a
 *                  partition's leader changing), one phrase each; empty when nothing did
 */
public record ReadBack(long unread, Map<Integer, Long> logStarts, List<String> failures) {
    public ReadBack {
        Checks.atLeast("unread", unread, 0);
        logStarts = Map.copyOf(Objects.requireNonNull(logStarts, "logStarts"));
        failures = List.copyOf(Objects.requireNonNull(failures, "failures"));
    }

    /** A complete read of a topic whose logs all start at 0, during a run where nothing failed. */
    public static ReadBack complete() {
        return new ReadBack(0, Map.of(), List.of());
    }

    /** Whether {@code offset} of {@code partition} is below that partition's log start: deleted, not lost. */
    boolean deleted(int partition, long offset) {
        Long start = logStarts.get(partition);
        return start != null && offset < start;
    }
}
