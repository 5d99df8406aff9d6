package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The headline figures of a run.
 *
 * @param latencyMeasuredFrom    intendedSendTime (fixed rate, coordinated omission handled) or actualSendTime (unlimited)
 * @param produced               measured produce totals
 * @param consumed               measured consume totals (absent without consumers)
 * @param publishLatencyMicros   send -> ack, microseconds
 * @param endToEndLatencyMicros  send -> consumer receive, microseconds (live consumers only)
 * @param sendDelayMicros        how far sends fell behind schedule, microseconds (fixed rate only)
 * @param transactions           commits, aborts and commit latency (transactional producers only)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Summary(String latencyMeasuredFrom, Totals produced, Totals consumed,
                      LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                      LatencyStats sendDelayMicros, TransactionStats transactions) {
}
