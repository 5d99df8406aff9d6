package io.kbench.load;

import io.kbench.measure.IntervalPoint;
import io.kbench.measure.LatencyStats;
import java.util.List;
import java.util.Map;

/**
 * What a workload run measured, before it is written as result.json.
 *
 * @param status                 completed, interrupted or failed
 * @param failure                one-line reason when not completed, else null
 * @param latencyMeasuredFrom    intendedSendTime (rate-limited: coordinated omission handled) or actualSendTime
 * @param produced               measured produce totals (warm-up excluded)
 * @param consumed               measured consume totals, or null when no consumers ran
 * @param publishLatencyMicros   send -> ack
 * @param endToEndLatencyMicros  send -> consumer receive, or null unless consumers ran live
 * @param sendDelayMicros        how far sends fell behind schedule, or null at unlimited rate
 * @param intervals              the per-interval series
 */
public record RunOutcome(String status, String failure, String latencyMeasuredFrom, Totals produced, Totals consumed,
                         LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                         LatencyStats sendDelayMicros, List<IntervalPoint> intervals) {

    /**
     * Record and byte totals over the measured window.
     *
     * @param records          measured records
     * @param bytes            measured bytes (values and keys)
     * @param recordsPerSec    records over the measured window
     * @param mebibytesPerSec  MiB (1024*1024 bytes) over the measured window
     * @param windowSec        length of the measured window
     * @param errors           failed sends (produce only)
     * @param errorTypes       failed sends by exception type (produce only)
     * @param warmupRecords    records completed during warm-up, excluded above
     */
    public record Totals(long records, long bytes, double recordsPerSec, double mebibytesPerSec, double windowSec,
                         long errors, Map<String, Long> errorTypes, long warmupRecords) {
    }
}
