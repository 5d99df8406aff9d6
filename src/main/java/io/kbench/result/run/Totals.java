package io.kbench.result.run;

import java.time.Instant;
import java.util.Map;

/**
 * Record and byte totals over the measured window, as a run summary holds them.
 *
 * @param records          measured records
 * @param bytes            measured bytes (values and keys)
 * @param recordsPerSec    records over the measured window
 * @param mebibytesPerSec  MiB (1024*1024 bytes) over the measured window
 * @param windowSec        length of the measured window
 * @param errors           failed sends; for consumers, values that failed payload decryption
 * @param errorTypes       those errors by exception type
 * @param warmupRecords    records completed during warm-up, excluded above
 * @param windowStart      wall-clock start of the measured window (UTC); absent when nothing was measured and in
 *                         results written before it was recorded. {@code kbench merge} lines runs up by it
 * @param windowEnd        wall-clock end of the measured window; absent as {@code windowStart}
 */
public record Totals(long records, long bytes, double recordsPerSec, double mebibytesPerSec, double windowSec,
                     long errors, Map<String, Long> errorTypes, long warmupRecords, Instant windowStart,
                     Instant windowEnd) {
    public Totals {
        if ((windowStart == null) != (windowEnd == null)) {
            throw new IllegalArgumentException("windowStart and windowEnd go together (got " + windowStart + ", "
                    + windowEnd + ")");
        }
        if (windowStart != null && windowEnd.isBefore(windowStart)) {
            throw new IllegalArgumentException("windowEnd " + windowEnd + " is before windowStart " + windowStart);
        }
    }
}
