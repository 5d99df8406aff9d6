package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.load.RunOutcome;
import io.kbench.measure.LatencyStats;

/**
 * The headline figures of a run.
 *
 * @param latencyMeasuredFrom    intendedSendTime (fixed rate, coordinated omission handled) or actualSendTime (unlimited)
 * @param produced               measured produce totals
 * @param consumed               measured consume totals (absent without consumers)
 * @param publishLatencyMicros   send -> ack, microseconds
 * @param endToEndLatencyMicros  send -> consumer receive, microseconds (live consumers only)
 * @param sendDelayMicros        how far sends fell behind schedule, microseconds (fixed rate only)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Summary(String latencyMeasuredFrom, RunOutcome.Totals produced, RunOutcome.Totals consumed,
                      LatencyStats publishLatencyMicros, LatencyStats endToEndLatencyMicros,
                      LatencyStats sendDelayMicros) {

    public static Summary of(RunOutcome o) {
        return new Summary(o.latencyMeasuredFrom(), o.produced(), o.consumed(), o.publishLatencyMicros(),
                o.endToEndLatencyMicros(), o.sendDelayMicros());
    }
}
