package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a run came back after one fault, from the per-interval series (docs/faults.md has the exact rules).
 *
 * @param baselineRecordsPerSec median acknowledged records/s of the measured intervals before the fault
 * @param baselineP99Micros     median of the per-interval publish p99 before the fault
 * @param throughputSec         seconds from the fault start until throughput was back within 10% of the baseline
 *                              (0: it never left the band); null: not recovered by the end of the run
 * @param p99Sec                seconds from the fault start until publish p99 was back within 2x the baseline
 *                              (0: it never left); null: not recovered by the end of the run
 * @param note                  why figures are missing (e.g. no measured interval before the fault), else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultRecovery(Double baselineRecordsPerSec, Double baselineP99Micros, Double throughputSec,
                            Double p99Sec, String note) {
    /** Recovery of throughput: within this fraction of the baseline. */
    public static final double THROUGHPUT_BAND = 0.10;
    /** Recovery of p99: at most this multiple of the baseline. */
    public static final double P99_FACTOR = 2.0;
}
