package io.kbench.result;

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
 */
public record Totals(long records, long bytes, double recordsPerSec, double mebibytesPerSec, double windowSec,
                     long errors, Map<String, Long> errorTypes, long warmupRecords) {
}
