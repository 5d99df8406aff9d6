package io.kbench.result.run;

/**
 * One reporting interval. Rates are over the interval; latencies are of the records completed in it.
 *
 * @param endSec                   seconds since the run started, at the end of this interval
 * @param phase                    warmup or measured
 * @param producedRecordsPerSec    acknowledged records per second (all phases)
 * @param producedMebibytesPerSec  acknowledged MiB (1024*1024 bytes) per second
 * @param consumedRecordsPerSec    consumed records per second
 * @param consumedMebibytesPerSec  consumed MiB per second
 * @param produceErrors            failed sends completed in this interval
 * @param publishLatencyMicros     send -> ack latency of measured records acknowledged in this interval
 * @param endToEndLatencyMicros    send -> consume latency of measured records received in this interval
 * @param sendDelayMicros          how far sends fell behind their schedule in this interval
 */
public record IntervalPoint(double endSec, IntervalPhase phase, double producedRecordsPerSec, double producedMebibytesPerSec,
                            double consumedRecordsPerSec, double consumedMebibytesPerSec, long produceErrors,
                            LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                            LatencyStats sendDelayMicros) {
}
