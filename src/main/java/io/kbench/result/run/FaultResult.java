package io.kbench.result.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.spec.FaultAction;
import io.kbench.spec.FaultSpec;
import io.kbench.unit.FigureText;
import java.util.Locale;
import java.util.Objects;

/**
 * One fault of a run as it happened. Times are seconds on the run's axis, the same as {@code IntervalPoint.endSec}.
 *
 * @param index                index in the workload's fault list
 * @param spec                 the fault as the workload gave it
 * @param brokerId             the broker it hit (resolved when it fired), null when it did not fire or has no broker
 * @param startSec             when it started, null when it did not fire (run ended first, or it failed)
 * @param endSec               when it ended (restart, resume), null when it lasted until the end of the run
 * @param error                why it did not fire or did not end as planned, else null
 * @param exitCode             exec: the command's exit code, null while it still ran at the end of the run
 * @param output               exec: the file with the command's output, relative to the result directory
 * @param failedRecords        measured records sent during the fault (start to end, or to the end of the run)
 *                             whose send failed
 * @param publishLatencyMicros send -> ack latency of the records sent during the fault, from their intended send time
 * @param recovery             recovery times, null for a fault that did not fire
 * @param reassignment         reassign and remove-broker: what moved and how long it took; else null
 * @param roll                 roll: each broker's step with its figures; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultResult(int index, FaultSpec spec, Integer brokerId, Double startSec, Double endSec, String error,
                          Integer exitCode, String output, long failedRecords, LatencyStats publishLatencyMicros,
                          FaultRecovery recovery, ReassignmentFigures reassignment, RollFigures roll) {
    public FaultResult {
        Objects.requireNonNull(spec, "spec");
    }

    /** One terminal line: what happened and how fast the run came back. */
    public String line() {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "fault %d: %s", index, spec.action().word()));
        if (brokerId != null) {
            b.append(" broker ").append(brokerId);
        }
        if (spec.target() != null && spec.target().brokerId() == null) {
            b.append(" (").append(spec.target()).append(')');
        }
        if (startSec == null) {
            return b.append(": did not fire").append(error == null ? "" : " (" + error + ")").toString();
        }
        b.append(String.format(Locale.ROOT, " at %.1fs", startSec));
        b.append(endSec == null ? "" : String.format(Locale.ROOT, "-%.1fs", endSec));
        if (spec.action() == FaultAction.EXEC) {
            b.append(exitCode == null ? ", still running at the end" : ", exit " + exitCode);
        }
        if (reassignment != null) {
            b.append(", ").append(reassignment.line());
        }
        if (recovery != null && recovery.note() == null) {
            b.append(": throughput ").append(seconds(recovery.throughputSec()))
                    .append(", p99 ").append(recovery.baselineP99Micros() == null ? "without a baseline"
                            : seconds(recovery.p99Sec()));
        } else if (recovery != null) {
            b.append(": ").append(recovery.note());
        }
        b.append(String.format(Locale.ROOT, ", %,d failed", failedRecords));
        if (publishLatencyMicros != null && publishLatencyMicros.count() > 0) {
            b.append(", sent during it: publish p99 ").append(FigureText.fromMicros(publishLatencyMicros.p99()))
                    .append(", max ").append(FigureText.fromMicros(publishLatencyMicros.max()));
        }
        if (error != null) {
            b.append(" (").append(error).append(')');
        }
        if (roll != null) {
            b.append(roll.lines(String.format(Locale.ROOT, "fault %d: ", index)));
        }
        return b.toString();
    }

    private static String seconds(Double s) {
        return s == null ? "not recovered" : String.format(Locale.ROOT, "recovered after %.1f s", s);
    }
}
